// A password input with a show/hide toggle (spec §2 sign-in form).
import '../styles/account.css';
import { useState } from 'react';
import { useI18n } from '../i18n/context';
import type { ControlProps } from '../ui/form';

export function PasswordInput({
  control,
  autoComplete,
}: {
  control: ControlProps;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...control} type={shown ? 'text' : 'password'} autoComplete={autoComplete} dir="ltr" />
      <button
        type="button"
        className="link-button"
        aria-pressed={shown}
        aria-controls={control.id}
        onClick={() => setShown(!shown)}
      >
        {t(shown ? 'hide_password' : 'show_password')}
      </button>
    </div>
  );
}
