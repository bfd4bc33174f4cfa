// The coupon field of the cart and of the review step: Apply asks the server (which also says when a
// single-use coupon was already used by this shopper), an applied or a rejected code can be removed,
// and a rejected one says why next to the field, where the shopper is.
import '../styles/orders.css';
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { checkout, saveCheckout } from '../stores/checkout';
import { FieldNotes, notesIds } from '../ui/form';

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
  useEffect(() => setCode(coupon ?? ''), [coupon]);
  // A calculation that answered ends the attempt (a failed one leaves no result).
  useEffect(() => {
    if (result) setTried(false);
  }, [result]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = code.trim() ? code.trim().toUpperCase() : null;
    const same = next === coupon;
    store(next);
    setTried(next !== null);
    if (same) onApply?.();
  };
  const remove = () => {
    store(null);
    setCode('');
  };
  const problem =
    tried && failed ? tKey(failed) : result && !result.applied ? tKey(result.problem ?? 'coupon_invalid') : null;
  return (
    <form className="coupon-form" onSubmit={submit} noValidate data-testid="coupon-form">
      <div className={problem ? 'field has-error' : 'field'}>
        <label className="field-label" htmlFor={id}>
          {t('cart_coupon_label')}
        </label>
        <FieldNotes id={id} error={problem} />
        <div className="coupon-row">
          <input
            id={id}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            dir="ltr"
            aria-invalid={problem ? true : undefined}
            aria-describedby={notesIds(id, null, problem)}
          />
          <button type="submit" className="button button-secondary">
            {t('cart_coupon_apply')}
          </button>
        </div>
        {result && (
          <p className="field-hint" role="status">
            {result.applied ? <>{t('cart_coupon_applied', { code: result.code })} </> : null}
            <button type="button" className="link-button" onClick={remove} data-testid="coupon-remove">
              {t(result.applied ? 'cart_coupon_remove' : 'coupon_remove_rejected', { code: result.code })}
            </button>
          </p>
        )}
      </div>
    </form>
  );
}
