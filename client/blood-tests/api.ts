// Typed calls to the blood-test catalogue API, used by the pages' loaders and the cart sync.
import type { ApiClient } from '#shared/api/client';
import type { BloodTestListQuery } from '#shared/api/blood-test-schemas';
import type { BloodTestDetail, BloodTestList, BloodTestSkuItem } from '#shared/blood-tests/catalogue-types';
import { bloodTestApiQuery } from '#shared/blood-tests/url-query';
import { orNotFound } from '../lib/catalogue';

export const bloodTestApi = {
  list: (api: ApiClient, query: BloodTestListQuery) => {
    const qs = bloodTestApiQuery(query);
    return api.get<BloodTestList>(`/bloodTest${qs ? `?${qs}` : ''}`).then((r) => r.data);
  },
  detail: (api: ApiClient, slug: string) =>
    orNotFound(api.get<BloodTestDetail>(`/bloodTest/${encodeURIComponent(slug)}`)),
  sku: (api: ApiClient, ids: number[]) =>
    api.post<{ items: BloodTestSkuItem[]; not_sold: number[] }>('/bloodTest/sku', { ids }).then((r) => r.data),
};
