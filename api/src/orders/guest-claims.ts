// A guest's orders joining her account across order shards (issue 48, decision 62's amendment). Orders
// change owner inside one database (guest-links.ts claimGuestOrders); when her proven address's guest
// orders and her account are in different shards, the claim waits in guest_claims and this job, run
// by the minute cron, moves whichever of the two is in the lower shard up to the other's shard (moves
// only go up: move-shopper.ts, resumable), then claims the orders there. A claim is leased while a run
// works on it, since a move waits out its grace (30 s, twice) and the next minute's run must not start
// the same move beside it. A claim goes when its orders have joined, when the account no longer has
// the address or is erased, or when the guest has no orders left to give.
import { log } from '../lib/log';
import { core, type DatabaseEnv, guestOwner, shardFor, userOwner } from '../db/databases';
import { type MoveOptions, moveShopper } from '../db/move-shopper';
import { claimGuestOrders, guestOrdersStatement, STILL_HERS } from './guest-links';

/** Long enough for a move of a shopper with many orders, with its two grace waits. */
const CLAIM_LEASE_MS = 10 * 60_000;
/** Claims a run takes on: each may move a shopper. */
const PER_RUN = 2;
/** After this many failed runs a claim is dropped, with an error for the shop to look at. */
const MAX_ATTEMPTS = 50;

interface Claim {
  user_id: number;
  email: string;
  attempts: number;
}

/** Joins up to PER_RUN waiting claims; answers the orders that joined accounts. */
export async function joinGuestClaims(env: DatabaseEnv, options: MoveOptions = {}, now = Date.now()) {
  let joined = 0;
  for (let i = 0; i < PER_RUN; i++) {
    const claim = await core(env)
      .prepare(
        `UPDATE guest_claims SET leased_until = ?1, attempts = attempts + 1
         WHERE (user_id, email) = (SELECT user_id, email FROM guest_claims WHERE leased_until <= ?2 ORDER BY created_at LIMIT 1)
         RETURNING user_id, email, attempts`,
      )
      .bind(now + CLAIM_LEASE_MS, now)
      .first<Claim>();
    if (!claim) break;
    try {
      joined += await join(env, claim, options);
    } catch (error) {
      const dropped = claim.attempts >= MAX_ATTEMPTS;
      (dropped ? log.error : log.warn)('guest orders not joined to the account yet', {
        userId: claim.user_id,
        attempts: claim.attempts,
        dropped,
        error,
      });
      if (dropped) await forget(env, claim);
    }
  }
  return joined;
}

async function forget(env: DatabaseEnv, claim: Claim) {
  await core(env)
    .prepare('DELETE FROM guest_claims WHERE user_id = ? AND email = ?')
    .bind(claim.user_id, claim.email)
    .run();
}

async function join(env: DatabaseEnv, claim: Claim, options: MoveOptions): Promise<number> {
  const db = core(env);
  const hers = await db.prepare(`SELECT 1 AS ok WHERE ${STILL_HERS}`).bind(claim.user_id, claim.email).first();
  const guest = await guestOwner(claim.email);
  const [from, to] = await Promise.all([shardFor(env, guest), shardFor(env, userOwner(claim.user_id))]);
  const waiting = hers ? await guestOrdersStatement(from.db, claim.email).first() : null;
  if (!waiting) {
    await forget(env, claim);
    return 0;
  }
  if (from.id !== to.id) {
    // The lower of the two goes up to the other's shard (the guest's orders, or her whole account).
    if (from.id < to.id) await moveShopper(env, { guestEmail: claim.email }, to.id, options);
    else await moveShopper(env, userOwner(claim.user_id), from.id, options);
  }
  // Both in one shard now: claimed there. Still apart (a move holding her writes), it is kept again.
  await forget(env, claim);
  return claimGuestOrders(env, claim.user_id, claim.email, STILL_HERS);
}
