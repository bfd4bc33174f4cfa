// Data rights (decision 49): the shopper's /user/data routes, merged into CONTRACTS (registry.ts).
import { dataExportDownloadQuery, healthEraseSchema } from '#shared/api/data-rights-schemas';
import { idParams } from '#shared/api/route-schemas';
import type { RouteContract } from './route-contract';

export const DATA_RIGHTS_CONTRACTS = {
  'GET /user/data/export': {
    tag: 'data-rights',
    summary:
      "The shopper's latest data export request: requested, ready (with its signed download path and expiry), expired or failed; null when none",
    user: true,
  },
  'POST /user/data/export': {
    tag: 'data-rights',
    summary:
      'Ask for an archive of all her data, prepared in the background and mailed when ready; 409 data_export_in_progress while one is open, 429 data_export_too_soon within a day of the last',
    user: true,
  },
  'GET /user/data/export/:id{[0-9]+}/download': {
    tag: 'data-rights',
    summary:
      'Download her archive (a ZIP, never cached) with the signature of its link; another shopper, a wrong signature or an expired archive answers 404 (410 data_export_expired once past its 24 hours)',
    params: idParams,
    badParams: 'not_found',
    query: dataExportDownloadQuery,
    fileResponse: ['application/zip'],
    user: true,
  },
  'GET /user/data/health': {
    tag: 'data-rights',
    summary:
      'How much health data the shop keeps of her, by kind (lab results, uploaded reports and their values, quiz answers, reading profile): what "Erase my health data" would remove',
    user: true,
  },
  'POST /user/data/health/erase': {
    tag: 'data-rights',
    summary:
      'Erase all her health data and keep the account (her bookings, the people she books for and her orders stay); answers the counts erased',
    body: healthEraseSchema,
    user: true,
  },
} satisfies Record<string, RouteContract>;
