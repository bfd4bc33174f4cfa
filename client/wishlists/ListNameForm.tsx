// The list-name form (spec §5): name required ('validation_mandatory' with the field's name), trimmed,
// at most 60 characters; submit disabled while the name is empty or the call runs. Used inline by the
// chooser ("New list") and in the create/rename modal of /profile/wishlists.
import { useId, useState, type FormEvent } from 'react';
import { listNameProblem, WISHLIST_LIMITS } from '#shared/wishlists/rules';
import { useI18n } from '../i18n/context';

export function ListNameForm({
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  initial?: string;
  submitLabel: string;
  /** Resolves to null when done, or a message key to show under the field. */
  onSubmit: (name: string) => Promise<string | null>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t, tKey } = useI18n();
  const id = useId();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const problem = serverProblem ?? (touched ? listNameProblem(name) : null);
  const message =
    problem === 'validation_mandatory'
      ? t('validation_mandatory', { field: t('wl_name_label') })
      : problem
        ? tKey(problem)
        : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (listNameProblem(name) || busy) return;
    setBusy(true);
    try {
      setServerProblem(await onSubmit(name.trim()));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="list-name-form" onSubmit={submit} noValidate>
      <div className={message ? 'field has-error' : 'field'}>
        <label className="field-label" htmlFor={`${id}-name`}>
          {t('wl_name_label')}
        </label>
        {message && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {message}
          </p>
        )}
        <input
          type="text"
          id={`${id}-name`}
          name="name"
          value={name}
          maxLength={WISHLIST_LIMITS.nameMax + 20}
          required
          // biome-ignore lint/a11y/noAutofocus: the form opens on the shopper's own click, in a dialog
          autoFocus={autoFocus}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          data-testid="wishlist-name"
          onChange={(e) => {
            setName(e.target.value);
            setServerProblem(null);
          }}
          onBlur={() => setTouched(true)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={!name.trim() || busy} data-testid="wishlist-name-submit">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('wl_cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
