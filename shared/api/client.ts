// The call interface route loaders use. The browser's session client and the worker's
// server-side client both implement it, so a loader runs unchanged on either side.
import type { Envelope, Meta } from './envelope';

export interface CallOptions {
  /** Flagged GETs may be served from the per-session cache (spec §7). */
  cache?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions): Promise<Envelope<T>>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
}

/** A failed call: carries the server's envelope, or one built from the error (spec §8). */
export class ApiFailure extends Error {
  readonly status: number;
  readonly body: Envelope<unknown>;
  constructor(status: number, body: Envelope<unknown>) {
    super(body.meta.msg);
    this.name = 'ApiFailure';
    this.status = status;
    this.body = body;
  }
  get meta(): Meta {
    return this.body.meta;
  }
}
