// A signed-in page opened directly (a bookmark, a link, a reload) would otherwise wait for one
// download after the other: the entry, the routed app, the page's chunk, then the page's first
// call. The entry (main.tsx) calls `startDirectLink` before it draws anything: for the address it
// opens, the page's chunk and its first GET start at once, beside the routed app; the lazy screen
// and the page's own call then take what is already on its way (screenLoaders.ts,
// src/api/earlyCalls.ts). Only with a live stored session: a signed-out visitor fetches nothing
// and the route guard sends them to /login as before.
import { readStoredSession } from '../../api/authStorage';
import { startEarlyGet } from '../../api/earlyCalls';
import { FIRST_OFFSET, PAGE_SIZE } from '../../domain/constants';
import { canManageEmployees, type SessionUser } from '../../domain/session';
import { paths } from './paths';
import type { ScreenCode } from './screenCode';
import { loadRoutedApp } from './routedAppCode';
import * as load from './screenLoaders';

interface DirectLink {
  load: ScreenCode;
  /**
   * The page's first GET, exactly as its own call sends it (the same query in the same order),
   * or nothing when its first call depends on more than the address and the signed-in user.
   */
  firstGet?: (user: SessionUser, address: RegExpExecArray) => string;
  /** Pages only owners and administrators may open (docs/product/people.md): nothing is fetched for others. */
  managersOnly?: boolean;
}

const firstPage = `pageSize=${PAGE_SIZE}&offSetValue=${FIRST_OFFSET}`;

/** Each signed-in address with its page; the patterns follow the route table (routes.tsx). */
const directLinks: [RegExp, DirectLink][] = [
  [exactly(paths.newIntake), { load: load.loadIntakeFormPage }],
  [
    /^\/intake-details\/[^/]+\/([^/]+)\/?$/,
    { load: load.loadIntakeFormPage, firstGet: (_user, address) => `/v1/intake/${address[1] ?? ''}` },
  ],
  [
    exactly(paths.intakeList),
    { load: load.loadIntakeListPage, firstGet: (user) => `/v1/intake?userId=${encodeURIComponent(user.id)}&${firstPage}&searchFilter=` },
  ],
  [exactly(paths.dashboard), { load: load.loadDashboardPage, firstGet: () => '/v1/dashboard' }],
  [exactly(paths.leadsList), { load: load.loadLeadsListPage, firstGet: () => `/v1/leads?${firstPage}` }],
  [exactly(paths.newLeads), { load: load.loadNewLeadsPage }],
  [exactly(paths.profile), { load: load.loadProfilePage, firstGet: () => '/v1/users/me' }],
  [exactly(paths.editProfile), { load: load.loadEditProfilePage }],
  [exactly(paths.firm), { load: load.loadFirmPage, firstGet: () => '/v1/firm' }],
  [exactly(paths.editFirm), { load: load.loadEditFirmPage, managersOnly: true }],
  [exactly(paths.employees), { load: load.loadEmployeesPage, firstGet: () => `/v1/users?${firstPage}`, managersOnly: true }],
  [exactly(paths.newEmployee), { load: load.loadNewEmployeePage, managersOnly: true }],
  [/^\/edit-employee\/[^/]+\/?$/, { load: load.loadEditEmployeePage, managersOnly: true }],
  [exactly(paths.activity), { load: load.loadActivityPage, managersOnly: true }],
];

function exactly(path: string): RegExp {
  return new RegExp(`^${path}/?$`);
}

/**
 * Starts the page's chunk, the routed app's and the page's first GET for `pathname` when a live
 * session is stored. Answers when both chunks have arrived or failed, so that the first render can
 * draw the page at once; undefined when nothing was started.
 */
export function startDirectLink(pathname: string, now: number = Date.now()): Promise<void> | undefined {
  const session = readStoredSession();
  if (!session || session.expiresAt <= now) return undefined;
  for (const [pattern, link] of directLinks) {
    const address = pattern.exec(pathname);
    if (!address) continue;
    if (link.managersOnly && !canManageEmployees(session.user.privilege)) return undefined;
    if (link.firstGet) startEarlyGet(link.firstGet(session.user, address), now);
    // A failed load shows when the page asks for it (the lazy screen's retry).
    return Promise.allSettled([link.load(), loadRoutedApp()]).then(() => undefined);
  }
  return undefined;
}
