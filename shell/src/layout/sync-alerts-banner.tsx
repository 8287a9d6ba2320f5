import { Link } from 'react-router';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { routeCatalog, type SyncAlert } from '@outsync/contracts';
import { useSyncAlerts } from '../session/get-sync-alerts';

// Issue 29 "Alerts": what the e-mail says, on every screen while it lasts. Our texts (the spec
// has no such banner).
const CRM_NAMES = { HUBSPOT: 'HubSpot', SALESFORCE: 'Salesforce' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const syncAlertTexts = {
  label: 'Sync problems',
  crmUnavailable: (alert: Extract<SyncAlert, { kind: 'crm_unavailable' }>) =>
    `${CRM_NAMES[alert.crm]} (${alert.account}) has refused OutSync's writes since ${when(alert.since)}: ${alert.reason}. Nothing is lost: its events wait and are written as soon as it answers again.`,
  eventsFailed: (alert: Extract<SyncAlert, { kind: 'events_failed' }>) => {
    const count = alert.count >= alert.limit ? `${alert.limit}+` : String(alert.count);
    return `${count} ${alert.count === 1 ? 'event' : 'events'} failed in the last 24 hours.`;
  },
  review: 'Review them in History',
};

/** The signed-in user's CRM outages and recent failures, above every screen; nothing when none. */
export function SyncAlertsBanner() {
  const alerts = useSyncAlerts().data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <Banner role="status" aria-label={syncAlertTexts.label}>
      {alerts.map((alert) =>
        alert.kind === 'crm_unavailable' ? (
          <p key={`${alert.crm}:${alert.account}`}>{syncAlertTexts.crmUnavailable(alert)}</p>
        ) : (
          <p key="events_failed">
            {syncAlertTexts.eventsFailed(alert)}{' '}
            <Link to={`${routeCatalog['webhook-logs'].path}?status=failed`}>
              {syncAlertTexts.review}
            </Link>
          </p>
        ),
      )}
    </Banner>
  );
}

const Banner = styled.div`
  margin: ${theme.space(4)} ${theme.space(6)} 0;
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radius};
  background: ${theme.colors.warningBg};
  color: ${theme.colors.warningInk};
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${theme.space(2)};
  }
  a {
    color: inherit;
    font-weight: 600;
  }
`;
