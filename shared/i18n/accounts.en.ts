// Accounts: sign in, sign up, password reset, profile.
export const accountsEn = {
  invalid_credentials: 'The email or password is not correct.',
  email_taken: 'An account with this email already exists. Sign in instead?',
  reset_link_invalid: 'This reset link is no longer valid. Please ask for a new one.',
  phone_invalid: 'Please enter a valid mobile number for the selected country.',
  too_many_attempts: 'Too many attempts. Please wait 15 minutes and try again.',
} as const;
