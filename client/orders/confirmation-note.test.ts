// The success page's sentence about the confirmation mail follows what the API really queued.
import { describe, expect, it } from 'vitest';
import { confirmationNote } from './confirmation-note';

describe('confirmationNote', () => {
  it('says a mail was sent for cash and wallet orders and for paid card orders', () => {
    expect(confirmationNote({ email: 'a@example.com', payment_method: 'cod', status: 'placed' })).toBe('success_mail');
    expect(confirmationNote({ email: 'a@example.com', payment_method: 'wallet', status: 'placed' })).toBe(
      'success_mail',
    );
    expect(confirmationNote({ email: 'a@example.com', payment_method: 'card', status: 'paid' })).toBe('success_mail');
  });

  it('says the mail comes with the payment for a card order not paid yet (left, failed)', () => {
    expect(confirmationNote({ email: 'a@example.com', payment_method: 'card', status: 'pending_payment' })).toBe(
      'success_mail_later',
    );
    expect(confirmationNote({ email: 'a@example.com', payment_method: 'card', status: 'payment_failed' })).toBe(
      'success_mail_later',
    );
  });

  it('says nothing for a cancelled order or without an address', () => {
    expect(confirmationNote({ email: 'a@example.com', payment_method: 'card', status: 'cancelled' })).toBeNull();
    expect(confirmationNote({ email: null, payment_method: 'cod', status: 'placed' })).toBeNull();
  });
});
