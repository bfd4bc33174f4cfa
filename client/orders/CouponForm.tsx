// The coupon field of the cart and of the review step: Apply asks the server (which also says when a
// single-use coupon was already used by this shopper), an applied code can be removed, and a rejected
// one says why next to the field, where the shopper is. A rejected code never replaces the coupon
// already applied, and is not kept: the next step gets the applied one or none. A refused code was
// never applied, so nothing offers to remove it (issue 73: "Remove CART-…" beside a forwarded code's
// error read as if it had been); she edits or clears the field.
import '../styles/orders.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { checkout, saveCheckout } from '../stores/checkout';
import { CodeInput } from './CodeInput';

export function CouponForm({
  result,
  id = 'coupon-code',
  failed = null,
  onApply,
  own,
}: {
  result: { code: string; applied: boolean; problem: string | null } | null;
  id?: string;
  /** The key of a failed totals calculation: an Apply that could not be checked says why, here. */
  failed?: string | null;
  /** Asks for the totals again (the same code applied twice changes nothing in the checkout state). */
  onApply?: () => void;
  /** Another checkout's coupon (the blood-test checkout keeps its own); without it, the product checkout's. */
  own?: { coupon: string | null; set: (code: string | null) => void };
}) {
  const { t, tKey } = useI18n();
  const product = useSnapshot(checkout);
  const coupon = own ? own.coupon : product.coupon;
  const store = (code: string | null) => {
    if (own) return own.set(code);
    checkout.coupon = code;
    saveCheckout();
  };
  const [code, setCode] = useState(coupon ?? '');
  const [tried, setTried] = useState(false);
  const [rejected, setRejected] = useState<{ code: string; problem: string } | null>(null);
  // The code being tried, and the coupon that was applied before it (put back if the new one is refused).
  const trying = useRef<{ code: string; before: string | null } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field follows the coupon, not the rejection
  useEffect(() => {
    if (!rejected) setCode(coupon ?? '');
  }, [coupon]);
  // A calculation that answered ends the attempt (a failed one leaves no result).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to each new answer only
  useEffect(() => {
    if (!result) return;
    setTried(false);
    const attempt = trying.current;
    // A kept coupon the server now refuses (another country, used up): dropped, its reason shown.
    if (!attempt && !result.applied && result.code && result.code === coupon) {
      setRejected({ code: result.code, problem: result.problem ?? 'coupon_invalid' });
      store(null);
      return;
    }
    if (!attempt || result.code !== attempt.code) return;
    trying.current = null;
    if (result.applied) return;
    setRejected({ code: result.code, problem: result.problem ?? 'coupon_invalid' });
    store(attempt.before);
  }, [result]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = code.trim() ? code.trim().toUpperCase() : null;
    const same = next === coupon;
    setRejected(null);
    trying.current = next ? { code: next, before: result?.applied ? result.code : null } : null;
    store(next);
    setTried(next !== null);
    if (same) onApply?.();
  };
  const remove = () => {
    store(null);
    setCode('');
  };
  const problem =
    tried && failed
      ? tKey(failed)
      : rejected
        ? tKey(rejected.problem)
        : result && !result.applied
          ? tKey(result.problem ?? 'coupon_invalid')
          : null;
  return (
    <form className="coupon-form" onSubmit={submit} noValidate data-testid="coupon-form">
      <div className={problem ? 'field has-error' : 'field'}>
        <CodeInput
          id={id}
          label={t('cart_coupon_label')}
          value={code}
          onChange={setCode}
          error={problem}
          apply={t('cart_coupon_apply')}
        />
        {result?.applied && (
          <p className="field-hint" role="status" data-testid="coupon-applied">
            {t('cart_coupon_applied', { code: result.code })}{' '}
            <button type="button" className="link-button" onClick={remove} data-testid="coupon-remove">
              {t('cart_coupon_remove', { code: result.code })}
            </button>
          </p>
        )}
      </div>
    </form>
  );
}
