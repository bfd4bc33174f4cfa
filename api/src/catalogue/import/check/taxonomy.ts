// The brand and category a catalogue file's product names: one of the shop's (names in the file that
// differ are kept as they are, with a warning), or new with its names, the same on every row that names
// it; a new category's parent is a top-level one (decision 6), the shop's or new earlier in the file.
import type { CatalogueColumn, CatalogueRow, ImportProblem } from '#shared/catalogue/import-format';
import type { NewBrand, NewCategory } from '#shared/api/staff-import-schemas';

import type { Named, ShopNow } from './shop';

/** Lists a problem on a line of the file. */
export type Problem = (
  line: number,
  column: CatalogueColumn | null,
  msg: ImportProblem['msg'],
  params?: ImportProblem['params'],
) => void;

export function taxonomyOf(shop: ShopNow, problem: Problem, warnings: ImportProblem[]) {
  const { brandBySlug, categoryBySlug, categoryById } = shop;
  const newBrands = new Map<string, NewBrand & { line: number }>();
  const newCategories = new Map<string, NewCategory & { line: number }>();

  /** The brand a product's first row names: existing, or new with its names (the same on every row). */
  function brandOf(row: CatalogueRow): Named | NewBrand | null {
    const slug = row.product.brand_slug;
    const existing = brandBySlug.get(slug);
    const { name_en, name_ar } = row.brand_names;
    if (existing) {
      if ((name_en && name_en !== existing.name_en) || (name_ar && name_ar !== existing.name_ar))
        warnings.push({ line: row.line, column: 'brand_name_en', msg: 'import_brand_names_kept', params: { slug } });
      return existing;
    }
    if (!name_en || !name_ar) {
      problem(row.line, 'brand_slug', 'import_brand_unknown', { slug });
      return null;
    }
    const seen = newBrands.get(slug);
    if (seen && (seen.name_en !== name_en || seen.name_ar !== name_ar)) {
      problem(row.line, 'brand_name_en', 'import_brand_differs', { slug, first: seen.line });
      return null;
    }
    if (!seen) newBrands.set(slug, { slug, name_en, name_ar, line: row.line });
    return { slug, name_en, name_ar };
  }

  function categoryOf(row: CatalogueRow): { category: Named | NewCategory; parent: Named | NewCategory | null } | null {
    const slug = row.product.category_slug;
    const existing = categoryBySlug.get(slug);
    const { name_en, name_ar, parent_slug } = row.category_names;
    if (existing) {
      if ((name_en && name_en !== existing.name_en) || (name_ar && name_ar !== existing.name_ar))
        warnings.push({
          line: row.line,
          column: 'category_name_en',
          msg: 'import_category_names_kept',
          params: { slug },
        });
      return { category: existing, parent: existing.parent_id ? (categoryById.get(existing.parent_id) ?? null) : null };
    }
    if (!name_en || !name_ar) {
      problem(row.line, 'category_slug', 'import_category_unknown', { slug });
      return null;
    }
    const seen = newCategories.get(slug);
    if (seen && (seen.name_en !== name_en || seen.name_ar !== name_ar || seen.parent_slug !== (parent_slug || null))) {
      problem(row.line, 'category_name_en', 'import_category_differs', { slug, first: seen.line });
      return null;
    }
    let parent: Named | NewCategory | null = null;
    if (parent_slug) {
      const existingParent = categoryBySlug.get(parent_slug);
      // Two levels (decision 6): a parent is a top-level category, one of the shop's or new in this file.
      if (existingParent?.parent_id) {
        problem(row.line, 'parent_category_slug', 'import_parent_not_top', { slug: parent_slug });
        return null;
      }
      parent = existingParent ?? null;
      if (!parent) {
        const fileParent = [...newCategories.values()].find((c) => c.slug === parent_slug) ?? null;
        if (!fileParent) {
          problem(row.line, 'parent_category_slug', 'import_parent_unknown', { slug: parent_slug });
          return null;
        }
        if (fileParent.parent_slug) {
          problem(row.line, 'parent_category_slug', 'import_parent_not_top', { slug: parent_slug });
          return null;
        }
        parent = fileParent;
      }
    }
    const category = { slug, name_en, name_ar, parent_slug: parent_slug || null };
    if (!seen) newCategories.set(slug, { ...category, line: row.line });
    return { category, parent };
  }

  return { brandOf, categoryOf, newBrands, newCategories };
}
