import { describe, expect, it } from 'vitest';
import { emailIdentity } from '../lib/email-identity';

describe('emailIdentity', () => {
  it('ignores letter case and the plus-tag', () => {
    expect(emailIdentity('Name+tag@Example.com')).toBe('name@example.com');
    expect(emailIdentity(' NAME@example.COM ')).toBe('name@example.com');
    expect(emailIdentity('name+a+b@example.com')).toBe('name@example.com');
  });

  it('folds the aliases a provider documents for one inbox: Gmail’s dots and googlemail.com, Yahoo’s -keyword', () => {
    for (const alias of ['s.a.r.a@gmail.com', 'Sara+promo@googlemail.com', 'sa.ra@GoogleMail.com'])
      expect(emailIdentity(alias), alias).toBe('sara@gmail.com');
    expect(emailIdentity('noura-deals@yahoo.com')).toBe('noura@yahoo.com');
    expect(emailIdentity('noura-x@ymail.com')).toBe('noura@ymail.com');
  });

  it('keeps different people apart', () => {
    // Elsewhere a dot or a hyphen is part of the name.
    expect(emailIdentity('sara-ali@example.com')).toBe('sara-ali@example.com');
    expect(emailIdentity('first.last@example.com')).toBe('first.last@example.com');
    expect(emailIdentity('name@example.com')).not.toBe(emailIdentity('name@example.org'));
    // A local part that is only a tag is not cut down to nothing.
    expect(emailIdentity('+tag@example.com')).toBe('+tag@example.com');
  });
});
