// Fetcher for the dashboard (GET /v1/dashboard, every signed-in role; docs/product/dashboard.md): throws
// an ApiError on an error answer and returns the figures.
import { api } from './client';
import { dataOf } from './errors';
import type { components } from './schema';

export type Dashboard = components['schemas']['Dashboard'];
export type DashboardIntakeRow = components['schemas']['DashboardIntakeRow'];
export type DashboardDeadlineRow = components['schemas']['DashboardDeadlineRow'];

export async function getDashboard(): Promise<Dashboard> {
  return dataOf(api.GET('/v1/dashboard'));
}
