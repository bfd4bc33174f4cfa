// Reads a worker's environment through a zod schema once per isolate (the env object is stable
// for an isolate's life), so secrets are validated at start and handlers get typed values.
import type { z } from 'zod';

export function configReader<S extends z.ZodType>(schema: S, name: string): (env: object) => z.infer<S> {
  const cache = new WeakMap<object, z.infer<S>>();
  return (env) => {
    // A request's derived env (its own DB or mark on top of the worker's: api/src/lib/derived-env.ts) has
    // its base's configuration, read once per base, not once per request.
    let config: z.infer<S> | undefined;
    for (let at: object | null = env; at && at !== Object.prototype && !config; at = Object.getPrototypeOf(at))
      config = cache.get(at);
    if (!config) {
      const parsed = schema.safeParse(env);
      if (!parsed.success) {
        throw new Error(
          `invalid ${name} configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      }
      config = parsed.data;
      // Kept for the env and every env beneath it: a derived env's configuration is its base's, and a
      // wrapper that hands the worker a new object per request (Sentry's Proxy of the env, whose prototype
      // is its target's) still finds it beneath.
      for (let at: object | null = env; at && at !== Object.prototype; at = Object.getPrototypeOf(at))
        cache.set(at, config);
    }
    return config;
  };
}

/** Development defaults start with this; production refuses them. */
export const DEV_SECRET_PREFIX = 'dev-only-';
