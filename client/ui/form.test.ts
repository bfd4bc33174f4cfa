import { describe, expect, it } from 'vitest';
import { serverAlertKey } from './form';

describe('the alert above a form after the API refused it', () => {
  it('asks to check highlighted fields only when a field is highlighted', () => {
    expect(serverAlertKey('validation_failed', true)).toBe('validation_failed');
    expect(serverAlertKey('validation_failed', false)).toBe('form_fields_unmatched');
    expect(serverAlertKey('invalid_credentials', false)).toBe('invalid_credentials');
  });
});
