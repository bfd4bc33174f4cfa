import { describe, expect, it } from 'vitest';
import { catalogueListQuery } from '#shared/api/staff-catalogue-schemas';
import { filledQuery } from './filter-query';

describe('filledQuery', () => {
  it("keeps a list form's chosen filters when its other fields are sent empty", () => {
    const sent = { q: '', category_id: '', brand_id: '', stock: 'out' };
    expect(catalogueListQuery.safeParse(sent).success).toBe(false);
    expect(catalogueListQuery.parse(filledQuery(sent))).toMatchObject({ stock: 'out' });
  });
});
