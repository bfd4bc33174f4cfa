// Returns (issue 62): the shopper's routes, merged into CONTRACTS (registry.ts). Signed-in shoppers only.
import {
  returnLabelParams,
  returnOrderParams,
  returnPhotoParams,
  returnRequestSchema,
} from '#shared/api/return-schemas';
import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTO_TYPES } from '#shared/orders/returns';
import type { RouteContract } from './route-contract';

export const RETURN_CONTRACTS = {
  'POST /user/returns/photo': {
    tag: 'returns',
    summary:
      'Upload one photo of a damaged item (the body is its bytes: JPEG, PNG or HEIC by content, at most 10 MB); answers its pending id',
    rawBody: { types: RETURN_PHOTO_TYPES, maxBytes: RETURN_PHOTO_MAX_BYTES },
    user: true,
  },
  'GET /user/returns/photo/:photoId{[0-9a-f]{32}}': {
    tag: 'returns',
    summary: 'One of her own return photos',
    params: returnPhotoParams,
    fileResponse: RETURN_PHOTO_TYPES,
    user: true,
  },
  'POST /user/order/:id{[0-9]+}/return': {
    tag: 'returns',
    summary:
      'Return delivered items of her order within the return window: lines and counts, reason (damaged needs a photo; changed mind needs the items unopened); the carrier collects it or she prints a label',
    params: returnOrderParams,
    body: returnRequestSchema,
    badParams: 'not_found',
    user: true,
  },
  'GET /user/order/:id{[0-9]+}/return/:returnId{[0-9]+}/label': {
    tag: 'returns',
    summary: "A return's carrier label (PDF)",
    params: returnLabelParams,
    fileResponse: ['application/pdf'],
    badParams: 'not_found',
    user: true,
  },
} satisfies Record<string, RouteContract>;
