// Notify-me (spec §4): shown when the SKU cannot be bought and is not in the cart. Needs sign-in
// (spec §6): a guest gets the sign-in modal and the toggle resumes after login. The state flips only
// on a 200 answer with a message.
import { useContext, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '../../shared/api/client';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';

export function NotifyButton({ productId, initial }: { productId: number; initial: boolean }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const session = useSessionStore();
  const { user } = useSnapshot(session);
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle(value: boolean) {
    setBusy(true);
    try {
      const res = await api.post(`/product/${productId}/notify-me`, { value });
      if (res.meta.code === 200 && res.meta.msg) setOn(value);
    } catch (error) {
      toast.apiError(error instanceof ApiFailure ? error.meta.msg : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={on ? 'button button-secondary notify on' : 'button button-secondary notify'}
      aria-pressed={on}
      disabled={busy}
      onClick={() => (user ? toggle(!on) : openAuthModal({ onSuccess: () => void toggle(!on) }))}
    >
      {t(on ? 'will_be_notified' : 'notify_me')}
    </button>
  );
}
