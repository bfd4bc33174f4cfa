// Top progress bar on route changes, only on windows 1024 px wide or more (spec §2, §9).
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { PROGRESS_BAR_MIN_WIDTH } from '#shared/constants';

export function ProgressBar() {
  const busy = useNavigation().state !== 'idle';
  const [wide, setWide] = useState(false);

  useEffect(() => {
    const mq = window.matchMedia(`(min-width: ${PROGRESS_BAR_MIN_WIDTH}px)`);
    const update = () => setWide(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);

  if (!wide || !busy) return null;
  return <div className="progress-bar" aria-hidden="true" data-testid="progress-bar" />;
}
