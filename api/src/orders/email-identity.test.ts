import { describe, expect, it } from 'vitest';
import { emailIdentity } from './email-identity';

describe('emailIdentity', () => {
  it('ignores letter case and the plus-tag', () => {
    expect(emailIdentity('Name+tag@Example.com')).toBe('name@example.com');
    expect(emailIdentity(' NAME@example.COM ')).toBe('name@example.com');
    expect(emailIdentity('name+a+b@example.com')).toBe('name@example.com');
  });

  it('keeps different people apart', () => {
    expect(emailIdentity('first.last@example.com')).toBe('first.last@example.com');
    expect(emailIdentity('name@example.com')).not.toBe(emailIdentity('name@example.org'));
    // A local part that is only a tag is not cut down to nothing.
    expect(emailIdentity('+tag@example.com')).toBe('+tag@example.com');
  });
});
