// Notify-me (spec §4): shown when the SKU cannot be bought and is not in the cart, and on the product
// page beside the Add button of a SKU with a buy limit that is not in the cart (told when more come; a
// card offers one action, issue 73). Needs sign-in (spec §6): a guest gets the sign-in modal and the
// toggle resumes after login. The state flips only on a 200 answer with a message. Cards are cached for
// everyone, so a signed-in shopper's own state comes from the notify list (one request, shared by every
// button on the page).
import { type ReactNode, useContext, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import type { ProductCard } from '#shared/catalogue/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';

const NOTIFY_LIST_KEY = '/product/notify-list';

/**
 * The notify button of a limited SKU: hidden (its place kept) once the SKU is in the cart. The cart is
 * read after hydration, so removing the button then would move the page under the shopper's eyes.
 */
export function LimitedNotify({ inCart, children }: { inCart: boolean; children: ReactNode }) {
  return <div className={inCart ? 'notify-slot is-idle' : 'notify-slot'}>{children}</div>;
}

export function NotifyButton({ productId, initial }: { productId: number; initial: boolean }) {
  const { t, has } = useI18n();
  const api = useContext(ApiContext)!;
  const session = useSessionStore();
  const { user } = useSnapshot(session);
  const { data, mutate } = useSWR<{ items: ProductCard[] }>(user ? NOTIFY_LIST_KEY : null);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const on = chosen ?? (data ? data.items.some((p) => p.id === productId) : initial);

  async function toggle(value: boolean) {
    setBusy(true);
    try {
      const res = await api.post(`/product/${productId}/notify-me`, { value });
      if (res.meta.code === 200 && res.meta.msg) {
        setChosen(value);
        if (has(res.meta.msg)) toast.success(res.meta.msg);
        void mutate();
      }
    } catch (error) {
      toast.apiError(error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`button button-secondary notify${on ? ' on' : ''}`}
      aria-pressed={on}
      disabled={busy}
      data-testid="notify-button"
      onClick={() => (user ? toggle(!on) : openAuthModal({ onSuccess: () => void toggle(true) }))}
    >
      {t(on ? 'will_be_notified' : 'notify_me')}
    </button>
  );
}
