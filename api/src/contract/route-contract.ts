// What one route of the API promises (decisions 17 and 68): its inputs' schemas, who may call it, what
// it answers, and its description. Written beside the route's handler as `contract({ … })`
// (api/src/contract/validate.ts); the OpenAPI document (./openapi.ts) and the contract tests read it back
// from the route table (./routes.ts).
import type { z } from 'zod';
import type { MessageKey } from '#shared/api/message-keys';
import type { Permission } from '#shared/staff/permissions';

export interface RouteContract {
  summary: string;
  /** The OpenAPI tag: the area of the shop. */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. Failures answer 400 `validation_failed` with the fields (see validate.ts). */
  body?: z.ZodType;
  /**
   * A body of raw bytes instead (a file upload), read and judged by the route itself: the types its
   * content may be and its size limit, for the description.
   */
  rawBody?: { types: readonly string[]; maxBytes: number };
  /** The success answer is a file of these types, not an envelope (failures still are envelopes). */
  fileResponse?: readonly string[];
  /** The success answer is a WebSocket upgrade (101), not an envelope (failures still are envelopes). */
  webSocket?: true;
  /**
   * A path naming nothing answers 404 `not_found` (an id or slug, like one that does not exist);
   * 'bad_request' for parameters that are not names, such as a page number.
   */
  badParams?: 'not_found' | 'bad_request';
  /** Signed in (a session token) needed: 401 `unauthorized` otherwise, checked before the input. */
  user?: true;
  /** Reachable without a device token (api/src/index.ts: requireDevice's exemptions). */
  noDevice?: true;
  /**
   * A back-office route (decision 27): a staff session is needed (401 otherwise, a shopper's token
   * included), and this permission (403 `forbidden` otherwise); 'signed-in' for any staff member.
   */
  staff?: Permission | 'signed-in';
  /**
   * The success answer's `data` (a 2xx envelope). Described in the OpenAPI document, and every
   * integration test's 2xx answer from the route is checked against it (tests/integration/api/helpers.ts).
   * Every route declares it, unless it answers a file or a WebSocket (contract.test.ts).
   */
  response?: z.ZodType;
  /**
   * Message keys the route itself may answer in `meta.msg` (ok(data, key), ApiError(4xx, key)), beyond
   * those its contract produces and the app-wide ones (./message-keys.ts). Described in the OpenAPI
   * document, and every integration test's answer from the route, 2xx or 4xx, is checked against them.
   */
  messages?: readonly MessageKey[];
}
