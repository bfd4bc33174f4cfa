// A shopper's referral code (issue 47, decision 58): made the first time she asks for it, then hers for
// good (referral_codes, one row per shopper). Eight characters from an alphabet without the look-alikes
// 0/O, 1/I/L, so that a code read aloud or typed from a screenshot is the code she was given; a new code
// that happens to be someone else's is drawn again. 31^8 ≈ 8.5 × 10^11 codes: guessing one is hopeless.
import type { ReferralCodeRow } from '../db/rows';

export const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERRAL_CODE_LENGTH = 8;
/** Draws before giving up: a collision is one in billions, two in a row mean something else is wrong. */
const TRIES = 5;

/** A fresh random code (rejection sampling, so every character is equally likely). */
function newReferralCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const limit = 256 - (256 % REFERRAL_ALPHABET.length);
  let code = '';
  while (code.length < REFERRAL_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte >= limit) continue;
      code += REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length];
      if (code.length === REFERRAL_CODE_LENGTH) break;
    }
  }
  return code;
}

/** Whether a text can be a code at all (before any read): the alphabet, the length. Case-insensitive. */
export function isReferralCodeShape(text: string): boolean {
  return new RegExp(`^[${REFERRAL_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`).test(text.toUpperCase());
}

/**
 * The shopper's code, made now if she has none. One read when it exists; otherwise makeReferralCode.
 */
export async function referralCodeFor(
  db: D1Database,
  userId: number,
  draw: () => string = () => newReferralCode(),
  now = Date.now(),
): Promise<string> {
  const found = await db
    .prepare('SELECT code FROM referral_codes WHERE user_id = ?')
    .bind(userId)
    .first<Pick<ReferralCodeRow, 'code'>>();
  return found ? found.code : makeReferralCode(db, userId, draw, now);
}

/**
 * Her code when a read just found none: one batch per draw. INSERT OR IGNORE skips both a code already
 * hers (two first asks at once: the first one's stays, and the read in the batch answers it) and a code
 * already someone else's (the read then finds nothing, and another is drawn).
 */
export async function makeReferralCode(
  db: D1Database,
  userId: number,
  draw: () => string = () => newReferralCode(),
  now = Date.now(),
): Promise<string> {
  for (let i = 0; i < TRIES; i++) {
    const [, read] = await db.batch([
      db
        .prepare('INSERT OR IGNORE INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
        .bind(userId, draw(), now),
      db.prepare('SELECT code FROM referral_codes WHERE user_id = ?').bind(userId),
    ]);
    const row = (read!.results as Pick<ReferralCodeRow, 'code'>[])[0];
    if (row) return row.code;
  }
  throw new Error(`no free referral code after ${TRIES} draws`);
}
