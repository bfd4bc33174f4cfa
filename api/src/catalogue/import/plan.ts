// An import's plan: one row a line of the file, as checked, kept in catalogue_import_rows until the
// manager applies it (./apply.ts) and afterwards as the record an undo reads (./revert.ts).
import type { ImportKind, ImportProblem, ProductFields } from '#shared/catalogue/import-format';
import type { ImportSummary } from '#shared/api/staff-import-schemas';

export type Action = 'create' | 'update' | 'keep';

export interface SkuFields {
  name_en: string;
  name_ar: string;
  price: number;
  old_price: number | null;
  buy_limit: number | null;
  /**
   * The own-priced countries' prices the file sets (decision 77's issue-77 amendment), by country; null:
   * not sold there. Only the countries whose columns the file has; absent when it has none.
   */
  own?: Partial<Record<string, { price: number; old_price: number | null } | null>>;
}
/** The product's search row (decision 23): normalised name, brand and category text. */
export interface SearchFields {
  name: string;
  brand: string;
  category: string;
}
interface RowState {
  product?: ProductFields;
  sku?: Partial<SkuFields> & { stock?: number };
  search?: SearchFields;
}

export interface PlannedRow {
  line: number;
  product_slug: string | null;
  product_id: number | null;
  product_seq: number | null;
  product_action: Action | null;
  sku_id: number | null;
  sku_seq: number | null;
  sku_action: Action;
  stock_delta: number;
  before: RowState | null;
  after: RowState | null;
  reason: string | null;
}

export interface CheckOutcome {
  kind: ImportKind;
  rows: number;
  problems: ImportProblem[];
  warnings: ImportProblem[];
  summary: ImportSummary;
  plan: PlannedRow[];
}

export const emptySummary = (): ImportSummary => ({
  products: { create: 0, update: 0, keep: 0 },
  skus: { create: 0, update: 0, keep: 0 },
  stock: { skus: 0, added: 0, removed: 0 },
  brands: [],
  categories: [],
});

/** Whether the plan changes anything at all. */
export const changesSomething = (s: ImportSummary) =>
  s.products.create + s.products.update + s.skus.create + s.skus.update + s.stock.skus > 0;
