import type { Router } from '@koa/router';
import type { SandboxState } from '../sandbox-state.ts';
import { bisonHistoryRouters } from './bison-history.routes.ts';
import { campaignListRouters } from './campaign-list.routes.ts';
import { heyreachHistoryRouter } from './heyreach-history.routes.ts';
import { historyAdminRouter } from './history-admin.routes.ts';
import { instantlyHistoryRouter } from './instantly-history.routes.ts';
import { smartleadHistoryRouter } from './smartlead-history.routes.ts';

/** The platforms' history endpoints and the control that seeds them (issue 34, backfill). */
export function historyRouters(state: SandboxState): Router[] {
  return [
    historyAdminRouter(state),
    smartleadHistoryRouter(),
    instantlyHistoryRouter(),
    ...bisonHistoryRouters(state),
    heyreachHistoryRouter(),
    ...campaignListRouters(state),
  ];
}
