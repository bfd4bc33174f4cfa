// One-click unsubscribe links (RFC 8058) in alert mails: a self-verifying token (HMAC with TOKEN_SECRET
// over what it stops), so using it needs no sign-in and no stored secret per mail.
import { hmacHex, verifyHmacHex } from '#shared/api/signing';

const PREFIX = 'au1';

/** What a token stops: a notify-me request (product) or a wishlist price alert (SKU). */
export type UnsubscribeTarget =
  | { kind: 'back_in_stock'; userId: number; productId: number }
  | {
      kind: 'price_drop';
      userId: number;
      skuId: number;
    };

const letter = (t: UnsubscribeTarget) => (t.kind === 'back_in_stock' ? 'b' : 'p');
const subject = (t: UnsubscribeTarget) => (t.kind === 'back_in_stock' ? t.productId : t.skuId);

export async function unsubscribeToken(secret: string, target: UnsubscribeTarget): Promise<string> {
  const payload = `${PREFIX}.${letter(target)}.${target.userId}.${subject(target)}`;
  return `${payload}.${await hmacHex(secret, payload)}`;
}

export async function verifyUnsubscribeToken(secret: string, token: string): Promise<UnsubscribeTarget | null> {
  const m = /^au1\.([bp])\.([1-9][0-9]{0,14})\.([1-9][0-9]{0,14})\.([0-9a-f]{64})$/.exec(token);
  if (!m) return null;
  if (!(await verifyHmacHex(secret, `${PREFIX}.${m[1]}.${m[2]}.${m[3]}`, m[4]!))) return null;
  const userId = Number(m[2]);
  const id = Number(m[3]);
  return m[1] === 'b' ? { kind: 'back_in_stock', userId, productId: id } : { kind: 'price_drop', userId, skuId: id };
}
