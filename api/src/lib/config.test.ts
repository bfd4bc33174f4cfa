import { describe, expect, it } from 'vitest';
import { apiConfig } from './config';

const strong = 'a-real-secret-from-the-vault-0123456789';

describe('API configuration', () => {
  it('refuses the development secrets in production', () => {
    expect(() => apiConfig({ ENVIRONMENT: 'production', SIGNING_SECRET: 'dev-only-signing-secret-0123456789abcdef', TOKEN_SECRET: strong, PASSWORD_PEPPER: strong } as ApiEnv)).toThrow(/production/);
    expect(apiConfig({ ENVIRONMENT: 'production', SIGNING_SECRET: strong, TOKEN_SECRET: strong, PASSWORD_PEPPER: strong } as ApiEnv).ENVIRONMENT).toBe('production');
  });

  it('refuses secrets shorter than 32 characters', () => {
    expect(() => apiConfig({ ENVIRONMENT: 'development', SIGNING_SECRET: 'short', TOKEN_SECRET: strong, PASSWORD_PEPPER: strong } as ApiEnv)).toThrow(/SIGNING_SECRET/);
  });
});
