// /auth/sign-up.
import { AuthPage } from '#client/accounts/AuthPage';
import { SignUpForm } from '#client/accounts/AuthForms';

export function Component() {
  return (
    <AuthPage title="page_sign_up">
      <SignUpForm mode="page" />
    </AuthPage>
  );
}
