// Every visible string lives in both dictionaries: same keys, same parameters, no blanks.
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../api/message-keys';
import { PAGE_ROUTES } from '../routes';
import { ar } from './ar';
import { en } from './en';
import { createTranslator } from './index';

const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('have the same keys in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty texts and the same parameters in both languages', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim(), key).not.toBe('');
      expect(ar[key].trim(), key).not.toBe('');
      expect(params(ar[key]), key).toEqual(params(en[key]));
    }
  });

  it('really translate: Arabic texts are written in Arabic script', () => {
    // Texts that are only symbols and parameters (e.g. '−{{percent}}') need no translation; a few
    // names are written in Latin script in Arabic too (the language switch's "English", Apple Pay).
    const keepLatin = new Set(['language_switch_to', 'card_apple_pay']);
    const latinOnly = (Object.keys(ar) as (keyof typeof ar)[]).filter(
      (k) => /[A-Za-z]/.test(ar[k].replace(/\{\{\w+\}\}/g, '')) && !/[\u0600-\u06FF]/.test(ar[k]) && !keepLatin.has(k),
    );
    expect(latinOnly).toEqual([]);
  });

  it('hold the spec message keys, every API message key and every page title', () => {
    const spec = ['item_added_to_cart', 'item_removed_from_cart', 'items_added_to_cart', 'link_copied', 'wishlit_item_added_successfuly',
      'wishlist_item_edited_success_message', 'wishlist_item_removed_success_message', 'empty_wishlist_message', 'sign_in', 'sign_up',
      'mandatory-field', 'item_validation_error', 'min_chars_validation_error', 'pass_match_validation_error', 'validation_mandatory'];
    for (const key of [...spec, ...MESSAGE_KEYS, ...PAGE_ROUTES.map((r) => r.title)]) expect(en, key).toHaveProperty([key]);
    expect(en.no_result_found).toBe('No Result Found');
    expect(en.request_timeout).toBe('Looks like the server is taking to long to respond, please try again...');
  });

  it('translate with parameters through rosetta', () => {
    expect(createTranslator('en', en).t('min_chars_validation_error', { length: 6 })).toBe('Must be at least 6 characters');
    expect(createTranslator('ar', ar).t('min_chars_validation_error', { length: 6 })).toBe('يجب ألا يقل عن 6 أحرف');
    expect(createTranslator('en', en).tKey('not a key')).toBe('not a key');
  });
});
