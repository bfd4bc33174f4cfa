// Form errors read as correct sentences in both languages: Arabic adjectives agree with the field.
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { createTranslator } from '#shared/i18n';
import { fieldMessage, requiredKeyOf } from './field-message';

const AR = createTranslator('ar', ar);
const EN = createTranslator('en', en);

describe('field messages', () => {
  it('make "required" agree with the field in Arabic', () => {
    expect(fieldMessage(AR, { label: 'account_password_label' }, 'mandatory-field')).toBe('كلمة المرور مطلوبة');
    expect(fieldMessage(AR, { label: 'account_new_password_label' }, 'mandatory-field')).toBe(
      'كلمة المرور الجديدة مطلوبة',
    );
    expect(fieldMessage(AR, { label: 'account_email_label', noun: 'account_email_noun' }, 'mandatory-field')).toBe(
      'البريد الإلكتروني مطلوب',
    );
    expect(fieldMessage(AR, { label: 'account_name_label' }, 'mandatory-field')).toBe('الاسم الكامل مطلوب');
    expect(fieldMessage(AR, { label: 'address_block_label' }, 'mandatory-field')).toBe('القطعة مطلوبة');
    expect(fieldMessage(AR, { label: 'address_area_label' }, 'mandatory-field')).toBe('يرجى اختيار المنطقة');
  });

  it('read the same in English', () => {
    expect(fieldMessage(EN, { label: 'account_password_label' }, 'mandatory-field')).toBe('Password is required');
    expect(fieldMessage(EN, { label: 'account_name_label' }, 'mandatory-field')).toBe('Full name is required');
    expect(
      fieldMessage(EN, { label: 'account_email_label', noun: 'account_email_noun' }, 'item_validation_error'),
    ).toBe('Please enter a valid email address');
  });

  it('ask for a valid value with the indefinite noun, or name the field when it has none', () => {
    expect(
      fieldMessage(AR, { label: 'account_email_label', noun: 'account_email_noun' }, 'item_validation_error'),
    ).toBe('يرجى إدخال بريد إلكتروني صحيح');
    expect(fieldMessage(AR, { label: 'address_area_label' }, 'item_validation_error')).toBe(
      'يرجى التحقق من قيمة «المنطقة».',
    );
  });

  it('count length limits with the plural of the number', () => {
    expect(fieldMessage(AR, { label: 'contact_message_label' }, 'min_chars_validation_error', 10)).toBe(
      'يجب ألا يقل عن 10 أحرف',
    );
    expect(fieldMessage(AR, { label: 'contact_name_label' }, 'max_chars_validation_error', 80)).toBe(
      'يجب ألا يزيد على 80 حرفًا',
    );
    expect(fieldMessage(EN, { label: 'contact_message_label' }, 'min_chars_validation_error', 10)).toBe(
      'Must be at least 10 characters',
    );
  });

  it('name the password in its length limit, with the verb and the plural agreeing (AR) and in English', () => {
    expect(fieldMessage(AR, { label: 'account_password_label' }, 'min_chars_validation_error', 6)).toBe(
      'يجب ألا تقل كلمة المرور عن 6 أحرف',
    );
    expect(fieldMessage(AR, { label: 'account_new_password_label' }, 'min_chars_validation_error', 6)).toBe(
      'يجب ألا تقل كلمة المرور الجديدة عن 6 أحرف',
    );
    expect(fieldMessage(AR, { label: 'account_password_label' }, 'min_chars_validation_error', 1)).toBe(
      'يجب ألا تقل كلمة المرور عن حرف واحد',
    );
    expect(fieldMessage(AR, { label: 'account_password_label' }, 'min_chars_validation_error', 2)).toBe(
      'يجب ألا تقل كلمة المرور عن حرفين',
    );
    expect(fieldMessage(AR, { label: 'account_password_label' }, 'min_chars_validation_error', 12)).toBe(
      'يجب ألا تقل كلمة المرور عن 12 حرفًا',
    );
    expect(fieldMessage(AR, { label: 'account_password_label' }, 'min_chars_validation_error', 100)).toBe(
      'يجب ألا تقل كلمة المرور عن 100 حرف',
    );
    expect(fieldMessage(EN, { label: 'account_password_label' }, 'min_chars_validation_error', 6)).toBe(
      'The password must be at least 6 characters',
    );
  });

  it('say that the current password is wrong on its own field, in both languages', () => {
    expect(fieldMessage(AR, { label: 'account_old_password_label' }, 'current_password_incorrect')).toBe(
      'كلمة المرور الحالية غير صحيحة.',
    );
    expect(fieldMessage(EN, { label: 'account_delete_confirm_label' }, 'current_password_incorrect')).toBe(
      'The current password is not correct.',
    );
  });

  it('give every feminine Arabic field name its own "required" sentence', () => {
    // A field label whose first word ends in ة (taa marbuta) is feminine: "{{field}} مطلوب" would be wrong.
    const fieldLabels = (Object.keys(ar) as (keyof typeof ar)[]).filter((k) =>
      /^(account|address|contact|supplier|form)_.*_label$/.test(k),
    );
    const feminine = fieldLabels.filter(
      (k) => /^\S+ة(\s|$)/.test(ar[k] as string) || /^\S+ة(\s|$)/.test((ar[k] as string).replace(/^ال/, '')),
    );
    expect(feminine.length).toBeGreaterThan(3);
    expect(feminine.filter((k) => !(requiredKeyOf(k) in ar))).toEqual([]);
  });
});
