import * as z from '@outsync/contracts/zod';
import { CrmKindSchema } from '../catalog/crm-kinds';
import { defineRoute } from '../http/route';

// The dashboard's banner of sync problems (issue 29, "Alerts"): a CRM account whose circuit is
// open (the CRM keeps refusing; events wait, nothing is lost), and events that failed in the
// last day. In the core table: the shell shows it on every screen.

/** How far back failed events count for the banner. */
export const SYNC_ALERT_FAILED_WINDOW_HOURS = 24;

export const SyncAlertSchema = z.union([
  z.object({
    kind: z.literal('crm_unavailable'),
    crm: CrmKindSchema,
    /** The HubSpot portal's or Salesforce org's domain, or the profile's e-mail. */
    account: z.string(),
    /** When the circuit opened, ISO 8601. */
    since: z.string(),
    /** The CRM's last words. */
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('events_failed'),
    /** Failed events received in the window (at most `limit`). */
    count: z.number(),
    limit: z.number(),
  }),
]);
export type SyncAlert = z.infer<typeof SyncAlertSchema>;

export const SyncAlertsResponseSchema = z.object({ alerts: z.array(SyncAlertSchema) });
export type SyncAlertsResponse = z.infer<typeof SyncAlertsResponseSchema>;

export const syncAlertsRoutes = {
  syncAlerts: defineRoute({
    method: 'get',
    path: '/api/admin/sync-alerts',
    response: SyncAlertsResponseSchema,
    errors: { 401: 'Not signed in (`unauthorized`).' },
    description:
      "The signed-in user's sync problems, for the dashboard's banner: each of their CRM accounts whose circuit is open (events wait; nothing is lost), and how many of their events failed in the last 24 hours.",
  }),
};
