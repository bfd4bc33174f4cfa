// The required reason of a manual adjustment (a shopper's wallet, her points): a short text staff must
// write, with the hint that says who reads it. One component, so both forms ask for it the same way.
import type { StaffTextId, StaffTranslator } from '../lib/i18n';

export function ReasonField(props: {
  t: StaffTranslator;
  /** The textarea's id; its hint is `${id}-hint`. */
  id: string;
  name: string;
  label: StaffTextId;
  hint: StaffTextId;
  maxLength: number;
  value?: string;
}) {
  const { t, id } = props;
  return (
    <div>
      <label htmlFor={id}>{t.t(props.label)}</label>
      <textarea
        id={id}
        name={props.name}
        required
        minLength={3}
        maxLength={props.maxLength}
        rows={2}
        defaultValue={props.value}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`} className="muted">
        {t.t(props.hint)}
      </small>
    </div>
  );
}
