// A failed attempt's reason as the shop says it (shared/orders/delivery-failure.ts), from what each
// carrier reports (issue 73): its own failure codes first (each adapter's table names them), then its
// words, in English or Arabic, for codes it adds or a generic "attempted delivery". The shop's own
// drivers pick from FAIL_REASONS on their phone page (a note after "other: …" stays staff's).
import type { DeliveryFailureReason } from '#shared/orders/delivery-failure';
import type { CarrierCode } from './types';

/** Each carrier's failure codes with a known reason; a code not here is read from its words. */
const CODES: Partial<Record<CarrierCode, Record<string, DeliveryFailureReason>>> = {
  // Aramex's update codes: SH043 "consignee not available"; SH033 and SH076 say only "attempted".
  aramex: { SH043: 'not_home' },
  // DHL Express checkpoints (dhl.ts CHECKPOINTS).
  dhl: { NH: 'not_home', NA: 'not_home', BA: 'address', CM: 'address', CA: 'closed', RD: 'refused' },
  // SMSA scan types (smsa.ts SCAN_TYPES).
  smsa: { NA: 'not_home', BA: 'address', CA: 'closed', RF: 'refused' },
};

/** The own drivers' choices (shared/api/cod-schemas.ts FAIL_REASONS), stored as "<choice>" or "<choice>: note". */
const DRIVER_CHOICES: Record<string, DeliveryFailureReason | null> = {
  not_home: 'not_home',
  no_answer: 'no_answer',
  wrong_address: 'address',
  refused: 'refused',
  other: null,
};

/** Carriers' words (Aramex's Comments and problem codes, the local sandbox, descriptions), first match wins. */
const WORDS: Array<[RegExp, DeliveryFailureReason]> = [
  [/address|moved|location|wrong area|عنوان|انتقل/i, 'address'],
  [/refus|rejected|رفض/i, 'refused'],
  [/closed|مغلق/i, 'closed'],
  [/no answer|not answer|unreachable|phone|switched off|لا يرد|لم يرد|جوال|هاتف/i, 'no_answer'],
  [
    /not (at )?home|not available|unavailable|absent|nobody|no one|غير متواجد|غير موجود|لا يوجد أحد|لا أحد/i,
    'not_home',
  ],
];

export function deliveryFailureReason(
  carrier: CarrierCode,
  carrierCode: string | null,
  words: string | null,
): DeliveryFailureReason | null {
  if (carrier === 'own' && words) {
    const choice = words.split(':')[0]!.trim();
    if (choice in DRIVER_CHOICES) return DRIVER_CHOICES[choice]!;
  }
  const coded = carrierCode ? CODES[carrier]?.[carrierCode.toUpperCase()] : undefined;
  if (coded) return coded;
  if (!words) return null;
  return WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}
