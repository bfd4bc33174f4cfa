// The labelled field and Apply button of a code the review step takes (a coupon, a friend's referral
// code): its message under the label, typed left to right, the error tied to the field for screen readers.
import { FieldNotes, notesIds } from '../ui/form-fields';

export function CodeInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The refusal to show, already in her language; null when none. */
  error: string | null;
  apply: string;
  testId?: string;
}) {
  const { id, error } = props;
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <FieldNotes id={id} error={error} />
      <div className="coupon-row">
        <input
          id={id}
          type="text"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          autoComplete="off"
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={notesIds(id, null, error)}
          data-testid={props.testId}
        />
        <button type="submit" className="button button-secondary">
          {props.apply}
        </button>
      </div>
    </>
  );
}
