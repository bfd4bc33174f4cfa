// "Send as a gift" (decision 34): the recipient's address (the address rules of Kuwait and
// Saudi Arabia, with the recipient's name and phone in it), a message in Arabic or English and an
// optional delivery date. One schema for the checkout's recipient form (flat values) and the API (the
// `gift` of POST /order/submit): field errors name the same fields on both sides.
import type { CountryCode } from '../countries/index';
import { timeZoneOf } from '../country-days';
import { z } from '../zod';
import { addressSchemaWith } from './account-schemas';
import { GIFT_MESSAGE_MAX, type GiftMessageLang, isDeliveryDate, messageLength } from './gift-facts';

export {
  addGulfDays,
  deliveryWindow,
  GIFT_MESSAGE_MAX,
  isDeliveryDate,
  messageLanguage,
  type GiftMessageLang,
} from './gift-facts';

/** Letters of another script than Arabic or Latin (the packing slip is printed in those two). */
const OTHER_SCRIPT = /(?![\p{Script=Arabic}\p{Script=Latin}])\p{L}/u;

const giftExtras = (country: CountryCode) => ({
  message: z
    .string()
    .trim()
    .refine((m) => messageLength(m) <= GIFT_MESSAGE_MAX, { error: 'max_chars_validation_error', abort: true })
    .refine((m) => !OTHER_SCRIPT.test(m), { error: 'gift_message_language' })
    .optional()
    .transform((m) => (m ? m : undefined)),
  // The form's <input type="date"> sends YYYY-MM-DD, or '' when no date is wanted. Checked against the
  // clock of the parse (the API's at submit, the browser's as the shopper types), in the country's zone.
  delivery_date: z
    .string()
    .trim()
    .refine((d) => d === '' || isDeliveryDate(d, Date.now(), timeZoneOf(country)), { error: 'gift_date_invalid' })
    .optional()
    .transform((d) => (d ? d : undefined)),
});

/** The recipient: an address of the country's form (no label: it is not saved to anyone's book) with the gift's extras. */
export const giftSchema = addressSchemaWith(giftExtras, true);
export type GiftInput = z.output<typeof giftSchema>;

/** A gift as the buyer's order view and the back office show it (the address is the order's). */
export interface OrderGift {
  recipient: string;
  phone: string;
  message: string | null;
  message_lang: GiftMessageLang | null;
  delivery_date: string | null;
}
