// Fetcher for the firm's activity trail (GET /v1/activity, owner and administrator): throws an
// ApiError on an error answer and returns the page.
import type { Page } from './page';
import type { ActivityAction as ShownAction } from '../domain/activity';
import { api } from './client';
import { dataOf } from './errors';
import type { components, operations } from './schema';

export type ActivityEntry = components['schemas']['ActivityEntry'];
export type ActivityAction = components['schemas']['ActivityAction'];
// Fails to compile when openapi.yaml and the texts in src/domain/activity.ts list different actions.
type Unnamed = Exclude<ActivityAction, ShownAction>;
const everyActionNamed: [Unnamed] extends [never] ? true : Unnamed = true;
void everyActionNamed;

export type ActivityQuery = NonNullable<operations['listActivity']['parameters']['query']>;

export async function listActivity(query: ActivityQuery): Promise<Page<ActivityEntry>> {
  const { record, totalRecords } = await dataOf(api.GET('/v1/activity', { params: { query } }));
  return { rows: record, totalRecords };
}
