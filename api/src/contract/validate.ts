import type { HonoRequest, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../app-env';
import type { RouteContract } from './route-contract';
import { requireUser } from '../middleware/user';
import { assertCan, requireStaff } from '../middleware/staff';
import { ApiError } from '../lib/errors';

/** Parses input with a shared zod schema; failures become a 400 envelope listing the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({ field: i.path.join('.'), code: i.code, message: i.message }));
    throw new ApiError(400, 'validation_failed', { fields });
  }
  return result.data;
}

/** Reads the JSON body through Hono's body cache (the signature check has read it already). */
export async function readJson(request: HonoRequest): Promise<unknown> {
  const text = await request.text();
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'bad_request');
  }
}

// Not distributive ([E]): a contract's three parts stay one intersection, whatever its literal type.
type Out<E> = ([E] extends [{ body: infer B extends z.ZodType }] ? { json: z.output<B> } : Record<never, never>) &
  ([E] extends [{ query: infer Q extends z.ZodType }] ? { query: z.output<Q> } : Record<never, never>) &
  ([E] extends [{ params: infer P extends z.ZodType }] ? { param: z.output<P> } : Record<never, never>);

/** Each contract middleware's contract, so the route table can be walked for them (api/src/contract/routes.ts). */
const contracts = new WeakMap<object, RouteContract>();

/**
 * A route's contract, written beside its handler (decision 68): `.get('/:id', contract({ … }), handler)`.
 * As middleware it checks the input before the handler runs: the signed-in user where the contract
 * needs one (401), the staff member and her permission (401, 403), then path parameters, the query and
 * the JSON body. Handlers read the parsed values with `c.req.valid('param' | 'query' | 'json')`, as
 * with Hono's `validator`. Failures keep the API's envelopes: a bad body is 400 `validation_failed`
 * with the fields, a bad query 400 `bad_request`, a bad path parameter 404 `not_found` (or 400
 * `bad_request` for page numbers); malformed JSON is 400 `bad_request`. The OpenAPI document and the
 * contract tests read the same object back from the route table (`contractOf`).
 */
export function contract<const E extends RouteContract>(
  entry: E,
): MiddlewareHandler<AppEnv, string, { in: object; out: Out<E> }> {
  const handler: MiddlewareHandler<AppEnv> = async function contractHandler(c, next) {
    // Who asks comes before what they sent: a stranger learns nothing from validation messages. The
    // user is kept for the request, so the handler's own requireUser costs no second query.
    if (entry.user) await requireUser(c);
    if (entry.staff) {
      const member = await requireStaff(c);
      if (entry.staff !== 'signed-in') assertCan(member, entry.staff);
    }
    if (entry.params) {
      const parsed = entry.params.safeParse(c.req.param());
      if (!parsed.success)
        throw entry.badParams === 'bad_request' ? new ApiError(400, 'bad_request') : new ApiError(404, 'not_found');
      c.req.addValidatedData('param', parsed.data as Record<string, unknown>);
    }
    if (entry.query) {
      const parsed = entry.query.safeParse(c.req.query());
      if (!parsed.success) throw new ApiError(400, 'bad_request');
      c.req.addValidatedData('query', parsed.data as Record<string, unknown>);
    }
    // The body is read whatever its content type says (the signature covers it); empty means {}.
    if (entry.body)
      c.req.addValidatedData('json', parseInput(entry.body, await readJson(c.req)) as Record<string, unknown>);
    await next();
  };
  contracts.set(handler, entry);
  return handler as never;
}

/** The contract a route handler carries, if it is a `contract()` middleware. */
export function contractOf(handler: unknown): RouteContract | undefined {
  if (typeof handler !== 'function') return undefined;
  // Hono wraps a sub-app's handler when the sub-app has its own error handler; the original rides along.
  const inner = (handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER;
  return contracts.get(handler) ?? (inner ? contractOf(inner) : undefined);
}
