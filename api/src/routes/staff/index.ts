// The back office's API (issue 14, decision 27), mounted at /staff. Every route's contract names the
// permission it needs; the staff worker is its only caller.
import { Hono } from 'hono';
import type { AppEnv } from '#api/src/app-env';
import { staffAuthRoutes } from './auth';
import { staffDashboardRoutes } from './dashboard';
import { staffAuditRoutes } from './audit';
import { staffOrderRoutes } from './orders';

export const staffRoutes = new Hono<AppEnv>()
  .route('/', staffAuthRoutes)
  .route('/', staffDashboardRoutes)
  .route('/', staffAuditRoutes)
  .route('/', staffOrderRoutes);
