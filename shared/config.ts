// Reads a worker's environment through a zod schema once per isolate (the env object is stable
// for an isolate's life), so secrets are validated at start and handlers get typed values.
import type { z } from 'zod';

export function configReader<S extends z.ZodType>(schema: S, name: string): (env: object) => z.infer<S> {
  const cache = new WeakMap<object, z.infer<S>>();
  return (env) => {
    let config = cache.get(env);
    if (!config) {
      const parsed = schema.safeParse(env);
      if (!parsed.success) {
        throw new Error(
          `invalid ${name} configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      }
      config = parsed.data;
      cache.set(env, config);
    }
    return config;
  };
}

/** Development defaults start with this; production refuses them. */
export const DEV_SECRET_PREFIX = 'dev-only-';
