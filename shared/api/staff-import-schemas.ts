// The back office's catalogue and stock files: what the staff app sends the API to check a file, and
// the list of imports. The file itself is read by shared/catalogue/import-format.ts.
import { IMPORT_MAX_BYTES } from '../catalogue/import-format';
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
