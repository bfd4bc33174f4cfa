// A new address in checkout starts from the shopper's profile.
import { describe, expect, it } from 'vitest';
import { initialValues } from './AddressForm';

describe('a new address', () => {
  it('starts with the profile phone when it is of the address country', () => {
    expect(initialValues(undefined, 'KW', 'Huda', '+96598765432').phone).toBe('98765432');
    expect(initialValues(undefined, 'SA', 'Sara', '+966512345678').phone).toBe('512345678');
  });

  it('starts empty with a phone of the other country, or none', () => {
    expect(initialValues(undefined, 'SA', 'Sara', '+96598765432').phone).toBe('');
    expect(initialValues(undefined, 'KW', 'Huda', null).phone).toBe('');
  });
});
