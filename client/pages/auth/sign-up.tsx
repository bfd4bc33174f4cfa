// /auth/sign-up.
import { AuthPage } from '../../accounts/AuthPage';
import { SignUpForm } from '../../accounts/AuthForms';

export function Component() {
  return (
    <AuthPage title="page_sign_up">
      <SignUpForm mode="page" />
    </AuthPage>
  );
}
