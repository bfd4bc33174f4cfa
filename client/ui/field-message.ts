// The text of a field's problem. Arabic adjectives agree with the field's noun ("كلمة المرور مطلوبة",
// "البريد الإلكتروني مطلوب"), which a single "{{field}} مطلوب" template cannot do: a field whose name
// needs its own sentence has a `<label minus _label>_required` entry in the dictionaries (both
// languages), used instead of the generic 'mandatory-field'. "Please enter a valid …" takes the field's
// indefinite noun where it has one; without one, 'field_value_invalid' names the field in quotes.
import type { Translator } from '#shared/i18n';
import type { MessageId } from '#shared/i18n';

export interface FieldText {
  label: MessageId;
  noun?: MessageId;
}

/**
 * The field's own "at least n characters" entry, e.g. account_password_label → account_password_min_chars:
 * Arabic names the field and makes the verb agree with it ("يجب ألا تقل كلمة المرور عن 6 أحرف").
 */
function minCharsKeyOf(label: string): string {
  return `${label.replace(/_label$/, '')}_min_chars`;
}

/** The field's own "… is required" entry, e.g. account_password_label → account_password_required. */
export function requiredKeyOf(label: string): string {
  return `${label.replace(/_label$/, '')}_required`;
}

export function fieldMessage(
  tr: Pick<Translator, 't' | 'tKey' | 'has'>,
  spec: FieldText,
  key: string,
  limit?: number,
): string {
  if (key === 'mandatory-field') {
    const own = requiredKeyOf(spec.label);
    if (tr.has(own)) return tr.t(own);
  }
  if (key === 'min_chars_validation_error' && limit !== undefined) {
    const own = minCharsKeyOf(spec.label);
    if (tr.has(own)) return tr.tKey(own, { count: limit });
  }
  if (key === 'item_validation_error' && !spec.noun) return tr.t('field_value_invalid', { field: tr.t(spec.label) });
  const name = tr.t(key === 'item_validation_error' && spec.noun ? spec.noun : spec.label);
  // Length limits are counts: the message takes the plural form for the number (one/few/many …).
  return tr.tKey(key, limit === undefined ? { field: name } : { field: name, count: limit });
}
