// A shopper's two databases for the jobs that act on all of her at once (erasure, her data archive;
// decision 61): the core (account, health, catalogue, audit) and the order shard that holds her orders,
// payments, wallet and points. In shard 0 they are one database and her statements go in one batch as
// before; in another shard each statement says which database it belongs to, and the caller sends the
// shard's part and the core's part as two batches.
import { type DatabaseEnv, routeFrom, routeStatement, type Route, userOwner } from '../db/databases';
import { ApiError } from '../lib/errors';

export interface HerDatabases {
  core: D1Database;
  /** Her order shard (the core itself in shard 0). */
  shard: D1Database;
  /** True when her shard is not the core: statements then go in two batches. */
  apart: boolean;
  route: Route;
}

const herDatabases = (env: DatabaseEnv, route: Route): HerDatabases => ({
  core: env.DB,
  shard: route.db,
  apart: route.binding !== 'DB',
  route,
});

/** Her route, from routeStatement's result (read in the batch of the caller's first core reads). */
export function herDatabasesFrom(env: DatabaseEnv, routeResult: D1Result | undefined): HerDatabases {
  return herDatabases(env, routeFrom(env, routeResult?.results[0] as Parameters<typeof routeFrom>[1]));
}

/** The statement to put first in the caller's first core batch. */
export const herRouteStatement = (env: DatabaseEnv, userId: number) => routeStatement(env, userOwner(userId));

/** Writes to her shard wait while her move holds them (503 service_busy, as every write of hers does). */
export function assertWritable(her: HerDatabases) {
  if (her.route.moving) throw new ApiError(503, 'service_busy');
}

/** A statement and the database it belongs to. */
export interface Step {
  on: 'core' | 'shard';
  statement: D1PreparedStatement;
}

export const onCore = (...statements: D1PreparedStatement[]): Step[] =>
  statements.map((statement) => ({ on: 'core', statement }));
export const onShard = (...statements: D1PreparedStatement[]): Step[] =>
  statements.map((statement) => ({ on: 'shard', statement }));

export const statementsOf = (steps: readonly Step[], on?: Step['on']) =>
  steps.filter((s) => on === undefined || s.on === on).map((s) => s.statement);
