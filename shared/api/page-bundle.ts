// One trip to the API per page (decision 40): the storefront sends a page's calls together, with the
// browser's device registration, as one POST /bundle; the API answers each in-process, next to its
// data, and returns every answer in one envelope. Only reads may travel in a bundle: GETs, and the
// POSTs that read (a listing's filters and a cart's refresh travel as bodies).
import { plainPath } from './plain-path';
import { z } from '../zod';
import { deviceAuthSchema } from './schemas';

export const BUNDLE_PATH = '/bundle';
/** A page's loaders make a handful of calls; more in one bundle is a mistake, not a page. */
const BUNDLE_MAX_CALLS = 16;
/** A longer path (a hostile query) is sent alone and answered alone, never failing its page's bundle. */
const BUNDLE_MAX_PATH = 8192;

/**
 * POSTs that only read: the listing (first and later pages, its filters), the carts' refresh and pricing,
 * the nutritionist list's filters, and the reset page's check of its link (the token travels in the body, not in a logged URL).
 */
const READ_POSTS = [
  /^\/product$/,
  /^\/product\/\d+$/,
  /^\/product\/filter-sort$/,
  /^\/product\/sku$/,
  /^\/bloodTest\/sku$/,
  /^\/(order|bloodTestOrder)\/calculate$/,
  /^\/user\/reset-password\/check$/,
  // The nutritionist list with its filters (language, gender, a free day) as the body.
  /^\/nutritionist\/list(\/\d+)?$/,
];

const bundleCallSchema = z.object({
  method: z.enum(['GET', 'POST']),
  path: z
    .string()
    .max(BUNDLE_MAX_PATH)
    .regex(/^\/[^/]/, 'path'),
  body: z.unknown().optional(),
});
export type BundleCall = z.infer<typeof bundleCallSchema>;

export const bundleSchema = z.object({
  calls: z.array(bundleCallSchema).min(1).max(BUNDLE_MAX_CALLS),
  /** Registered when the call's device token is missing or no longer valid: no separate trip for it. */
  device: deviceAuthSchema.optional(),
});

/** POST /bundle's answer (decision 68: its `response`). */
export const bundleResultSchema = z.object({
  /** A new device token when the bundle registered the device, else null. */
  device_token: z.string().nullable(),
  /** In the calls' order: the status and the envelope each call would have had alone. */
  answers: z.array(z.object({ status: z.int(), body: z.unknown() })),
});
export type BundleResult = z.infer<typeof bundleResultSchema>;

/**
 * Whether a call only reads: a GET, or one of the POSTs that carry a read's question as a body. A
 * signed-in shopper's product GET also records her view (a repeatable upsert in its read's batch,
 * decision 82): still a read here, safe to bundle and to ask again.
 */
export function isRead(method: string, path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return method === 'GET' || method === 'HEAD' || READ_POSTS.some((pattern) => pattern.test(bare));
}

/**
 * Whether a call may travel in a bundle: reads only, never the back office, local tools or a bundle, read
 * as the API's router reads the path (./plain-path.ts: `/%73taff/…` and `/product/../staff/…` are the back
 * office's).
 */
export function isBundleable(call: Pick<BundleCall, 'method' | 'path'>): boolean {
  const path = call.path.length > BUNDLE_MAX_PATH ? null : plainPath(call.path);
  if (path === null || /^\/(staff|dev|bundle|payments)(\/|$)/i.test(path)) return false;
  return isRead(call.method, call.path);
}
