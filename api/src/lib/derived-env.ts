// A request's own view of the worker's env: the same bindings and vars with a few of its own on top (its
// counting or session-bound DB, an in-process or storefront-door mark). Made with the env as prototype,
// not spread: a spread copies every binding and var of workerd's env on every request (measured: about a
// tenth of the API's CPU on a signed-in shopper's trip, several spreads per request), and it makes a new
// object that the configuration's cache (shared/config.ts, keyed by the env) does not know, so the whole
// configuration was parsed again for every call through the storefront's door and every call of a bundle.
// A derived env only ever puts bindings or marks of its own, never a var: its configuration is its base's.

/** `env` with `own` on top; reading anything else reads `env`'s. Never spread the result: use this again. */
export function derivedEnv<E extends object>(env: E, own: Partial<E> | Record<symbol, unknown>): E {
  const descriptors: PropertyDescriptorMap = {};
  for (const key of Reflect.ownKeys(own))
    descriptors[key] = { value: (own as Record<PropertyKey, unknown>)[key], enumerable: true, writable: true };
  return Object.create(env, descriptors) as E;
}
