// Accounts: sign in, sign up, password reset, profile.
export const accountsEn = {
  invalid_credentials: 'The email or password is not correct.',
  email_taken: 'An account with this email already exists. Sign in instead?',
  too_many_attempts: 'Too many attempts. Please wait 15 minutes and try again.',
} as const;
