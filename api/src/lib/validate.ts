import type { HonoRequest } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors';

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
