// What the nutritionist writes for a consultation (issue 46): private notes and the summary for the
// shopper (sealed), the recommendation list with its safety gates, and sharing them with her. Only the
// consultation's own nutritionist writes (access.ts: ownConsultation).
//
// The list is saved whole. Each item's warnings (shared/safety/recommendation-gates.ts: upper limit at
// the servings a day, pregnancy or breastfeeding from the intake, drug interactions of her medicine
// classes) are computed here, never taken from the form; an item with a warning and no acknowledging
// reason refuses the whole list (422 practice_warning_unacknowledged, the warnings in the answer). A
// saved acknowledgement writes one audit row per rule: the rule, the product, the staff member and the
// time (the row's own), never her health text nor the reason typed (sealed with the item instead).
import type { RecommendationInput } from '#shared/api/staff-practice-schemas';
import type { Lang } from '#shared/locale';
import { type GateShopper, type GateWarning, recommendationWarnings } from '#shared/safety/recommendation-gates';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { type HealthSealer, sealText } from '../seal';
import type { PracticeConsultation } from './access';
import { gateShopper } from './booking';
import { type GateSku, searchSkus, skusById } from './products';

function assertWritable(c: PracticeConsultation) {
  if (c.status === 'cancelled') throw new ApiError(409, 'practice_consultation_cancelled');
}

/** Notes and summary sealed and stored (an empty text is stored as none). */
export async function saveNotes(
  db: D1Database,
  member: StaffMember,
  sealer: HealthSealer,
  c: PracticeConsultation,
  input: { notes: string; summary: string },
  now = Date.now(),
): Promise<{ changed: boolean }> {
  assertWritable(c);
  const notes = input.notes.trim() ? await sealText(sealer, c.id, input.notes) : null;
  const summary = input.summary.trim() ? await sealText(sealer, c.id, input.summary) : null;
  await db.batch([
    db
      .prepare(
        `INSERT INTO consultation_notes (consultation_id, notes_sealed, notes_iv, summary_sealed, summary_iv, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (consultation_id) DO UPDATE SET notes_sealed = ?2, notes_iv = ?3, summary_sealed = ?4, summary_iv = ?5, updated_at = ?6`,
      )
      .bind(c.id, notes?.sealed ?? null, notes?.iv ?? null, summary?.sealed ?? null, summary?.iv ?? null, now),
    // Who wrote and when; never what.
    auditStatement(db, member, {
      action: 'consultation.notes',
      resource: 'consultation',
      resourceId: c.id,
      country: c.country,
    }),
  ]);
  return { changed: true };
}

export interface SearchHit extends Omit<GateSku, 'name' | 'ingredients'> {
  warnings: GateWarning[];
}

/**
 * Catalogue SKUs for her list, each with the warnings it raises for her. The warnings are read from her
 * intake (pregnancy, medicine classes), so each search is an opening of her health data and writes its
 * audit row, as opening the booking's health part does: who and which consultation, never the words
 * searched (a search for folic acid says as much as the intake).
 */
export async function searchForList(
  db: D1Database,
  member: StaffMember,
  sealer: HealthSealer,
  c: PracticeConsultation,
  q: string,
  lang: Lang,
): Promise<{ hits: SearchHit[] }> {
  const [shopper, skus] = await Promise.all([
    gateShopper(db, sealer, c),
    searchSkus(db, q, lang),
    auditStatement(db, member, {
      action: 'consultation.search',
      resource: 'consultation',
      resourceId: c.id,
      country: c.country,
    }).run(),
  ]);
  return {
    hits: skus.map(({ name: _name, ingredients: _ingredients, ...sku }) => ({
      ...sku,
      warnings: recommendationWarnings(skus.find((s) => s.sku_id === sku.sku_id)!, 1, shopper),
    })),
  };
}

interface UnacknowledgedItem {
  sku_id: number;
  warnings: GateWarning[];
}

/** The list checked against the gates and saved whole, with its acknowledgements audited. */
export async function saveRecommendations(
  db: D1Database,
  member: StaffMember,
  sealer: HealthSealer,
  c: PracticeConsultation,
  items: readonly RecommendationInput[],
  lang: Lang,
): Promise<{ changed: boolean; items: number }> {
  assertWritable(c);
  const [shopper, skus]: [GateShopper, Map<number, GateSku>] = await Promise.all([
    gateShopper(db, sealer, c),
    skusById(
      db,
      items.map((i) => i.sku_id),
      lang,
    ),
  ]);
  const products = new Set<number>();
  const checked = items.map((item, i) => {
    const sku = skus.get(item.sku_id);
    if (!sku) throw new ApiError(400, 'practice_product_unknown', { fields: [{ field: `items.${i}.sku_id` }] });
    // One line per product (the table's key): a second size of the same product is a repeat.
    if (products.has(sku.product_id))
      throw new ApiError(400, 'practice_item_repeated', { fields: [{ field: `items.${i}.sku_id` }] });
    products.add(sku.product_id);
    return { item, sku, warnings: recommendationWarnings(sku, item.servings_per_day, shopper) };
  });
  const unacknowledged: UnacknowledgedItem[] = checked
    .filter((x) => x.warnings.length > 0 && !x.item.acknowledged_reason)
    .map((x) => ({ sku_id: x.item.sku_id, warnings: x.warnings }));
  if (unacknowledged.length) {
    // The refusal answers warnings read from her intake: an opening of her health data, audited as a
    // search for her list is (a saved list writes its own rows).
    await auditStatement(db, member, {
      action: 'consultation.search',
      resource: 'consultation',
      resourceId: c.id,
      country: c.country,
    }).run();
    throw new ApiError(422, 'practice_warning_unacknowledged', { items: unacknowledged });
  }

  const rows = await Promise.all(
    checked.map(async (x) => {
      const dose = await sealText(sealer, c.id, x.item.dose);
      const reason = await sealText(sealer, c.id, x.item.reason);
      const ack = x.warnings.length ? await sealText(sealer, c.id, x.item.acknowledged_reason) : null;
      return { ...x, dose, reason, ack };
    }),
  );
  const before = await db
    .prepare('SELECT product_id, warnings FROM consultation_recommendations WHERE consultation_id = ?')
    .bind(c.id)
    .all<{ product_id: number; warnings: string }>();
  const acknowledgedBefore = new Set(
    before.results.flatMap((r) => {
      try {
        return (JSON.parse(r.warnings) as string[]).map((rule) => `${r.product_id}|${rule}`);
      } catch {
        return [];
      }
    }),
  );
  await db.batch([
    db.prepare('DELETE FROM consultation_recommendations WHERE consultation_id = ?').bind(c.id),
    ...rows.map((r, i) =>
      db
        .prepare(
          `INSERT INTO consultation_recommendations (consultation_id, product_id, sku_id, quantity, servings_per_day,
             dose_sealed, reason_sealed, iv, warnings, acknowledged_reason_sealed, sort_order)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          c.id,
          r.sku.product_id,
          r.sku.sku_id,
          r.item.quantity,
          r.item.servings_per_day,
          r.dose.sealed,
          r.reason.sealed,
          r.dose.iv,
          JSON.stringify(r.warnings.map((w) => w.rule)),
          r.ack?.sealed ?? null,
          i,
        ),
    ),
    // One row per acknowledged warning not acknowledged before for that product: its kind, the product.
    // Never the rule: "pregnancy" or "interaction:<medicine>" is her health, and the audit log is the
    // owner's, who sees no health data (decision 55); the consultation's own record keeps the rule.
    ...rows.flatMap((r) =>
      r.warnings
        .filter((w) => !acknowledgedBefore.has(`${r.sku.product_id}|${w.rule}`))
        .map((w) =>
          auditStatement(db, member, {
            action: 'recommendation.acknowledge',
            resource: 'consultation',
            resourceId: c.id,
            country: c.country,
            after: { warning: warningKind(w.rule), product_id: r.sku.product_id, sku_id: r.sku.sku_id },
          }),
        ),
    ),
    auditStatement(db, member, {
      action: 'recommendations.save',
      resource: 'consultation',
      resourceId: c.id,
      country: c.country,
      after: { products: rows.map((r) => r.sku.product_id) },
    }),
  ]);
  return { changed: true, items: rows.length };
}

/**
 * The summary and the list sent to the shopper: shared_at set (once; a later share after edits keeps
 * the first time and tells her again). Needs a summary.
 */
export async function shareWithShopper(
  db: D1Database,
  member: StaffMember,
  c: PracticeConsultation,
  now = Date.now(),
): Promise<{ changed: boolean; shared_at: number }> {
  assertWritable(c);
  const row = await db
    .prepare('SELECT summary_sealed, shared_at FROM consultation_notes WHERE consultation_id = ?')
    .bind(c.id)
    .first<{ summary_sealed: string | null; shared_at: number | null }>();
  if (!row?.summary_sealed) throw new ApiError(409, 'practice_summary_required');
  const sharedAt = row.shared_at ?? now;
  await db.batch([
    db.prepare('UPDATE consultation_notes SET shared_at = ? WHERE consultation_id = ?').bind(sharedAt, c.id),
    auditStatement(db, member, {
      action: 'consultation.share',
      resource: 'consultation',
      resourceId: c.id,
      country: c.country,
      after: { shared_at: sharedAt },
    }),
  ]);
  return { changed: row.shared_at === null, shared_at: sharedAt };
}

/**
 * What the audit log says of an acknowledged warning: a dose above a safe limit ('limit', a fact of the
 * product and dose), or one her intake raised ('health': pregnancy or a medicine, never which).
 */
function warningKind(rule: string): 'limit' | 'health' {
  return rule.startsWith('upper_limit:') ? 'limit' : 'health';
}
