// How a frequency reads: "Every 2 months", "Every 45 days" (plural forms of both languages).
import type { Translator } from '#shared/i18n';
import { type Frequency, frequencyParts } from '#shared/subscriptions/frequency';

export function frequencyLabel(t: Translator['t'], f: Frequency): string {
  const parts = frequencyParts(f);
  return 'months' in parts
    ? t('sub_every_months', { count: parts.months })
    : t('sub_every_days', { count: parts.days });
}
