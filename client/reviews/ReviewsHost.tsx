// Puts the interactive reviews section (ReviewsSection.tsx, its code and texts loaded only then) into the
// product page's reviews place (ReviewsPlace.tsx). A place the server filled waits until the shopper
// comes near it, touches it, or arrives for it (#reviews, #write-review: the review request's link); an
// empty one (the page came by client navigation) is filled at once. Part of the deferred shell.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { withTexts } from '../i18n/texts';
import { usePlace } from '../shell/use-place';

const ReviewsSection = lazy(withTexts(['reviews'], () => import('./ReviewsSection')));

const SELECTOR = '[data-reviews]';

export function ReviewsHost() {
  const place = usePlace(SELECTOR);
  const [active, setActive] = useState(false);

  useEffect(() => {
    setActive(false);
    if (!place) return;
    const wanted = /^#(reviews|write-review|questions)$/.test(location.hash);
    if (!place.firstChild || wanted) {
      setActive(true);
      return;
    }
    const go = () => setActive(true);
    const near = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
      rootMargin: '600px 0px',
    });
    near.observe(place);
    place.addEventListener('pointerdown', go, { once: true });
    place.addEventListener('focusin', go, { once: true });
    return () => {
      near.disconnect();
      place.removeEventListener('pointerdown', go);
      place.removeEventListener('focusin', go);
    };
  }, [place]);

  if (!place || !active) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ReviewsSection
        place={place}
        productId={Number(place.dataset.reviews)}
        productName={place.dataset.productName ?? ''}
      />
    </Suspense>,
    place,
  );
}
