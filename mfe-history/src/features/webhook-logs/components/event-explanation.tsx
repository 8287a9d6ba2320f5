import { Link } from 'react-router';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { crmDisplayNames, routeCatalog, type CrmKind } from '@outsync/contracts';
import type { WebhookLog, WebhookLogExplanation } from '@outsync/contracts/history';
import { Chip, type ChipTone } from '@outsync/ui/data';
import { Disclosure } from '@outsync/ui/overlay';
import { Muted } from '../../../shared/components/filter-parts';
import { RowActionButton } from './row-action-button';

/**
 * Where an event stands, in the service's words (issue 31 item 3): its state beside the spec's
 * "Success"/"Error", what happened, what OutSync does next (its time in the viewer's zone), what
 * the user can do. The texts come from the service; only the next try's time is formatted here.
 */
export const explanationTexts = {
  retrying: (attempt: number, of: number, at: string) =>
    `Retrying: attempt ${attempt} of ${of}, next at ${at}.`,
  waiting: (at: string) => `Waiting: next try at ${at} (no attempt spent).`,
  nextAt: (at: string) => `Next try at ${at}.`,
  openAccounts: (crm: string) => `Open ${crm} accounts`,
  technicalDetail: 'Technical detail',
  standing: 'Where it stands',
} as const;

const t = explanationTexts;

const TONES: Record<WebhookLogExplanation['state'], ChipTone> = {
  queued: 'neutral',
  retrying: 'danger',
  waiting: 'neutral',
  synced: 'success',
  partially_synced: 'neutral',
  failed: 'danger',
  held: 'neutral',
  not_synced: 'neutral',
  duplicate: 'neutral',
  unsupported: 'neutral',
};

/** The state as a chip beside "Success"/"Error". */
export function StateChip({ explanation }: { explanation: WebhookLogExplanation }) {
  return <Chip label={explanation.label} tone={TONES[explanation.state]} />;
}

type ExplainedRow = Pick<WebhookLog, 'explanation' | 'crm' | 'canRetry' | 'canRelease'>;

/** What happened, what is next and what helps: the lines under the state. */
export function ExplanationLines({ row }: { row: ExplainedRow }) {
  const { summary, next, action } = row.explanation;
  return (
    <>
      {summary ? <span>{summary}</span> : null}
      {next ? <Muted>{nextText(row.explanation.state, next)}</Muted> : null}
      {action && offered(action.kind, row) ? (
        <ActionLine>
          {action.text}{' '}
          {action.kind === 'reconnect' || action.kind === 'grant_scopes' ? (
            <Link to={accountsPath(row.crm)}>{t.openAccounts(crmDisplayNames[row.crm])}</Link>
          ) : null}
        </ActionLine>
      ) : null}
    </>
  );
}

/**
 * Retry and Release are named only to who has the button (the owner or an admin, while the event
 * is failed or held): a manager, or a row already queued again, is not told to press what is not
 * there.
 */
function offered(kind: NonNullable<WebhookLogExplanation['action']>['kind'], row: ExplainedRow) {
  if (kind === 'retry') return row.canRetry;
  if (kind === 'release') return row.canRelease;
  return true;
}

/**
 * A log's detail (its payload dialog): its state, the words, the Retry or Release the words name,
 * and the technical detail.
 */
export function EventStanding({ row }: { row: WebhookLog }) {
  return (
    <Standing aria-label={t.standing}>
      <StateChip explanation={row.explanation} />
      <ExplanationLines row={row} />
      <RowActionButton row={row} action="retry" />
      <RowActionButton row={row} action="release" />
      <TechnicalDetail detail={row.explanation.detail} />
    </Standing>
  );
}

/** The technical messages behind the words, folded. */
export function TechnicalDetail({ detail }: { detail: string | null }) {
  if (!detail) return null;
  return (
    <Disclosure label={t.technicalDetail}>
      <Detail>{detail}</Detail>
    </Disclosure>
  );
}

function nextText(
  state: WebhookLogExplanation['state'],
  next: NonNullable<WebhookLogExplanation['next']>,
) {
  const at = shortTime(next.at);
  if (next.attempt !== null && next.of !== null) return t.retrying(next.attempt, next.of, at);
  return state === 'waiting' ? t.waiting(at) : t.nextAt(at);
}

/** "14:02" today, "29 Nov, 14:02" another day, in the viewer's zone. */
export function shortTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`;
}

function accountsPath(crm: CrmKind): string {
  return crm === 'SALESFORCE'
    ? routeCatalog['salesforce-settings-view'].path
    : routeCatalog['hubspot-view'].path;
}

const Standing = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(1)};
  margin-block-end: ${theme.space(3)};
`;

const ActionLine = styled.span`
  font-weight: 600;
`;

const Detail = styled.pre`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;
