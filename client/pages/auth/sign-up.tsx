// /auth/sign-up.
import { AuthPage } from '#client/accounts/AuthPage';
import { SignUpForm } from '#client/accounts/AuthForms';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['accounts'],
  id: 'sign-up',
  siteIndex: 'account',
} satisfies PageDeclaration;

export function Component() {
  return (
    <AuthPage title="page_sign_up">
      <SignUpForm mode="page" />
    </AuthPage>
  );
}
