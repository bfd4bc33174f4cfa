// The coupon field of the cart and of the review step: Apply asks the server (which also says when a
// single-use coupon was already used by this shopper), an applied or a rejected code can be removed,
// and a rejected one says why next to the field, where the shopper is.
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { checkout, saveCheckout } from '../stores/checkout';
import { FieldNotes, notesIds } from '../ui/form';

export function CouponForm({ result, id = 'coupon-code' }: { result: { code: string; applied: boolean; problem: string | null } | null; id?: string }) {
  const { t, tKey } = useI18n();
  const { coupon } = useSnapshot(checkout);
  const [code, setCode] = useState(coupon ?? '');
  useEffect(() => setCode(coupon ?? ''), [coupon]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    checkout.coupon = code.trim() ? code.trim().toUpperCase() : null;
    saveCheckout();
  };
  const remove = () => {
    checkout.coupon = null;
    setCode('');
    saveCheckout();
  };
  const problem = result && !result.applied ? tKey(result.problem ?? 'coupon_invalid') : null;
  return (
    <form className="coupon-form" onSubmit={submit} noValidate data-testid="coupon-form">
      <div className={problem ? 'field has-error' : 'field'}>
        <label className="field-label" htmlFor={id}>
          {t('cart_coupon_label')}
        </label>
        <FieldNotes id={id} error={problem} />
        <div className="coupon-row">
          <input id={id} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" dir="ltr" aria-invalid={problem ? true : undefined} aria-describedby={notesIds(id, null, problem)} />
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
