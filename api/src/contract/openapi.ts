// The OpenAPI 3.1 description of the commerce API, generated from the route contract (./registry.ts)
// with zod's own JSON Schema output. Served at GET /openapi.json outside production and checked in as
// docs/openapi.json (`npm run openapi` writes it; openapi.test.ts fails when it is stale).
import { z } from '#shared/zod';
import { CONTRACTS, type RouteContract } from './registry';

type JsonSchema = Record<string, unknown>;

/** Request schemas as the client sends them (before coercion, defaults and transforms). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  // Refinements and transforms have no JSON Schema form: the description keeps the wire shape.
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * Hono's path syntax to OpenAPI's: `/order/:id{[0-9]+}` → `/order/{id}`, with each parameter's own
 * pattern (it may contain braces: `{pay[0-9]{0,4}_[0-9a-f]{24}}`).
 */
export function openApiPath(honoPath: string): { path: string; patterns: Record<string, string> } {
  const patterns: Record<string, string> = {};
  let path = '';
  for (let i = 0; i < honoPath.length; ) {
    if (honoPath[i] !== ':') {
      path += honoPath[i++];
      continue;
    }
    const name = /^:(\w+)/.exec(honoPath.slice(i))![1]!;
    i += name.length + 1;
    if (honoPath[i] === '{') {
      let depth = 0;
      const start = i;
      do {
        if (honoPath[i] === '{') depth++;
        else if (honoPath[i] === '}') depth--;
        i++;
      } while (depth > 0 && i < honoPath.length);
      patterns[name] = honoPath.slice(start + 1, i - 1);
    }
    path += `{${name}}`;
  }
  return { path, patterns };
}

function parameters(where: 'path' | 'query', schema: z.ZodType | undefined, patterns: Record<string, string> = {}) {
  if (!schema) return [];
  const object = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    // The router's own pattern documents what reaches the route at all.
    schema: patterns[name] && !property.pattern ? { ...property, pattern: `^(?:${patterns[name]})$` } : property,
  }));
}

function operation(key: string, entry: RouteContract, patterns: Record<string, string>) {
  const params = [...parameters('path', entry.params, patterns), ...parameters('query', entry.query)];
  const badRequest = { $ref: '#/components/responses/Failure' };
  return {
    operationId: key
      .replace(/\{[^/]*\}/g, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/_+$/, ''),
    summary: entry.summary,
    tags: [entry.tag],
    ...(entry.staff
      ? {
          security: [{ signature: [], staffSession: [] }],
          ...(entry.staff !== 'signed-in' ? { 'x-permission': entry.staff } : {}),
        }
      : entry.user
        ? { security: [{ signature: [], device: [], session: [] }] }
        : entry.noDevice
          ? { security: [{ signature: [] }] }
          : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(entry.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(entry.body) } } } }
      : {}),
    ...(entry.rawBody
      ? {
          requestBody: {
            required: true,
            description: `The file's bytes (at most ${entry.rawBody.maxBytes} bytes). Judged by its content: ${entry.rawBody.types.join(', ')}.`,
            content: {
              'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
            },
          },
        }
      : {}),
    responses: {
      200: entry.fileResponse
        ? {
            description: 'The file (Content-Disposition: attachment).',
            content: Object.fromEntries(entry.fileResponse.map((type) => [type, { schema: { type: 'string' } }])),
          }
        : { $ref: '#/components/responses/Success' },
      ...(entry.rawBody ? { 413: badRequest, 415: badRequest } : {}),
      ...(entry.body ? { 400: badRequest } : entry.query || entry.params ? { 400: badRequest } : {}),
      ...(entry.user || entry.staff ? { 401: badRequest } : {}),
      ...(entry.staff && entry.staff !== 'signed-in' ? { 403: badRequest } : {}),
      ...(entry.params ? { 404: badRequest } : {}),
    },
  };
}

const ENVELOPE_META = {
  type: 'object',
  required: ['msg', 'code', 'msgType'],
  properties: {
    msg: { type: 'string', description: 'A message key both dictionaries translate (shared/api/message-keys.ts).' },
    code: { type: 'integer', description: 'The HTTP status (700: served from the storefront cache).' },
    msgType: { enum: [0, 1], description: '0 success or information, 1 error.' },
    key: { type: 'string' },
  },
};

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, entry] of Object.entries(CONTRACTS) as Array<[string, RouteContract]>) {
    const [method, honoPath] = key.split(' ') as [string, string];
    const { path, patterns } = openApiPath(honoPath);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation(key, entry, patterns);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Gulf Vitamins commerce API',
      version: '1',
      description:
        'The API worker behind the storefront (README, decisions 4 and 17). Every request is signed by the storefront ' +
        '(x-hash, x-ts, x-nonce over the method, path, body and identity headers) and, except device registration, ' +
        'carries a device token (x-token); signed-in calls add the session (Authorization). The language and ' +
        'country come from the lang and x-country headers. Every answer is one envelope { data, meta }.',
    },
    servers: [{ url: '/', description: 'The API worker, reached through the storefront gateway' }],
    tags: [...new Set(Object.values(CONTRACTS).map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        signature: {
          type: 'apiKey',
          in: 'header',
          name: 'x-hash',
          description: 'HMAC-SHA256 request signature (decision 4), with x-ts and x-nonce.',
        },
        device: { type: 'apiKey', in: 'header', name: 'x-token', description: 'Device token from POST /device/auth.' },
        session: { type: 'http', scheme: 'bearer', description: 'Session token from sign-in or sign-up.' },
        staffSession: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'Staff session token from /staff/auth/verify, as `Staff <token>` (the staff worker only).',
        },
      },
      schemas: {
        Success: { type: 'object', required: ['data', 'meta'], properties: { data: {}, meta: ENVELOPE_META } },
        Failure: {
          type: 'object',
          required: ['data', 'meta'],
          properties: {
            data: {
              description: 'null, or details: `fields` (field, code, message key) for validation_failed.',
              anyOf: [{ type: 'null' }, { type: 'object' }],
            },
            meta: ENVELOPE_META,
          },
        },
      },
      responses: {
        Success: {
          description: 'The envelope with the answer in data.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } },
        },
        Failure: {
          description: 'The envelope with a message key in meta.msg.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
        },
      },
    },
    security: [{ signature: [], device: [] }],
  };
}

/** docs/openapi.json as written: stable key order from the registry, two-space indent, final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
