// The part of node:async_hooks (nodejs_compat) the request context uses; the Workers types lack it.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
