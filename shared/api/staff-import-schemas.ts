// The back office's catalogue and stock files: what the staff app sends the API to check a file, the
// list of imports, and what those routes answer (api/src/routes/staff/catalogue-import.ts; decision 68:
// their response schemas and the types the import pages read, one declaration). The file itself is
// read by shared/catalogue/import-format.ts.
import { IMPORT_MAX_BYTES, importProblemSchema } from '../catalogue/import-format';
import { z } from '../zod';

export const importCheckSchema = z.object({
  kind: z.enum(['catalogue', 'stock']),
  file_name: z.string().trim().min(1).max(200),
  // Characters, bounded by the bytes: a file over the limit is refused before it is read.
  csv: z.string().max(IMPORT_MAX_BYTES, { error: 'import_file_too_large' }),
});

export const importListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const importLinesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

const KINDS = ['catalogue', 'stock'] as const;
const action = z.enum(['create', 'update', 'keep']);
const actionCounts = z.object({ create: z.int(), update: z.int(), keep: z.int() });

/** A brand the file names that the shop does not have yet: the import adds it. */
const newBrandSchema = z.object({ slug: z.string(), name_en: z.string(), name_ar: z.string() });
export type NewBrand = z.infer<typeof newBrandSchema>;
/** A category the file names that the shop does not have yet, under a parent (or top-level). */
const newCategorySchema = newBrandSchema.extend({ parent_slug: z.string().nullable() });
export type NewCategory = z.infer<typeof newCategorySchema>;

/** What an import changes, as the check counted it (kept with the import as its summary_json). */
const importSummarySchema = z.object({
  products: actionCounts,
  skus: actionCounts,
  /** SKUs whose stock changes, and the units added and taken away. */
  stock: z.object({ skus: z.int(), added: z.int(), removed: z.int() }),
  brands: z.array(newBrandSchema),
  categories: z.array(newCategorySchema),
  /** What the check said without refusing the file (the first PROBLEMS_LISTED), kept for the import's page. */
  warnings: z.array(importProblemSchema).optional(),
  warning_count: z.int().optional(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** A checked file: its problems and warnings (the first PROBLEMS_LISTED of each), counts, and the kept plan's id (null: nothing to apply). */
export const importCheckAnswerSchema = z.object({
  id: z.int().nullable(),
  kind: z.enum(KINDS),
  rows: z.int(),
  summary: importSummarySchema,
  problems: z.array(importProblemSchema),
  problem_count: z.int(),
  warnings: z.array(importProblemSchema),
  warning_count: z.int(),
});
export type ImportCheckAnswer = z.infer<typeof importCheckAnswerSchema>;

/** An import with who checked, applied and undid it (their names; null: not yet). */
const importRowSchema = z.object({
  id: z.int(),
  kind: z.enum(KINDS),
  status: z.enum(['checked', 'applied', 'reverted']),
  file_name: z.string(),
  row_count: z.int(),
  summary: importSummarySchema,
  checked_at: z.int(),
  applied_at: z.int().nullable(),
  reverted_at: z.int().nullable(),
  checked_by: z.string(),
  applied_by: z.string().nullable(),
  reverted_by: z.string().nullable(),
});
export type ImportListRow = z.infer<typeof importRowSchema>;

export const importListSchema = z.object({
  imports: z.array(importRowSchema),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
});
export type ImportList = z.infer<typeof importListSchema>;

/** A line's product and size as the check read them (before) and as the import sets them (after). */
const lineStateSchema = z.object({
  product: z
    .object({
      name_en: z.string(),
      name_ar: z.string(),
      description_en: z.string(),
      description_ar: z.string(),
      brand_slug: z.string(),
      category_slug: z.string(),
      is_active: z.union([z.literal(0), z.literal(1)]),
    })
    .optional(),
  sku: z
    .object({
      name_en: z.string(),
      name_ar: z.string(),
      price: z.int(),
      old_price: z.int().nullable(),
      buy_limit: z.int().nullable(),
      stock: z.int(),
    })
    .partial()
    .optional(),
  /** The product's search row (decision 23): normalised name, brand and category text. */
  search: z.object({ name: z.string(), brand: z.string(), category: z.string() }).optional(),
});

/** Why a line keeps an applied import from being undone: changed since, or bought (or reviewed…) since. */
const conflictWhy = z.enum(['edited', 'in_use']);

export const importDetailSchema = z.object({
  import: importRowSchema,
  /** 200 a page, in the file's order. */
  lines: z.array(
    z.object({
      line: z.int(),
      product_slug: z.string().nullable(),
      product_id: z.int().nullable(),
      product_action: action.nullable(),
      sku_id: z.int().nullable(),
      sku_action: action,
      stock_delta: z.int(),
      reason: z.string().nullable(),
      before: lineStateSchema.nullable(),
      after: lineStateSchema.nullable(),
      /** The product's and size's names in the shop now (none yet for what a checked import will create). */
      product_en: z.string().nullable(),
      product_ar: z.string().nullable(),
      sku_en: z.string().nullable(),
      sku_ar: z.string().nullable(),
    }),
  ),
  page: z.int(),
  pages: z.int(),
  /** What would keep an applied catalogue import from being undone now (the first 100 lines). */
  conflicts: z.array(z.object({ line: z.int(), why: conflictWhy })),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

export const importAppliedSchema = z.object({ id: z.int(), status: z.literal('applied') });
export const importRevertedSchema = z.object({ id: z.int(), status: z.literal('reverted') });
