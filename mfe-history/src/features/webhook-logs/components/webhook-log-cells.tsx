import { Link } from 'react-router';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { webhookLiveViewPath } from '@outsync/contracts';
import type { WebhookLog } from '@outsync/contracts/history';
import { Token } from '@outsync/ui/data';
import { Disclosure } from '@outsync/ui/overlay';
import { CellLines, Muted } from '../../../shared/components/filter-parts';
import { dateTime, historyTexts } from '../../../shared/components/history-texts';
import { webhookLogOutcome } from '../api/webhook-log-filters';
import { ExplanationLines, StateChip, TechnicalDetail } from './event-explanation';
import { RowActionButton } from './row-action-button';

/** The cells' texts (spec 02 §2.9; the CRM links, attempts and sync status are ours). */
export const webhookLogCellTexts = {
  hubId: (hubId: string) => `Hub ID: ${hubId}`,
  webhookId: (id: string) => `Webhook ID: ${id}`,
  /** Issue 34, item 1: the webhook's live view, on the Webhooks page. */
  watchLive: 'Watch live',
  /** The link's name: the visible words first (WCAG 2.5.3), then which webhook of the list's many. */
  watchLiveOf: (id: string) => `Watch live: webhook ${id}`,
  contactLink: 'Contact in CRM',
  activityLink: 'Activity in CRM',
  attempts: (count: number) => `Attempts (${count})`,
} as const;

const t = webhookLogCellTexts;

/** A sync status in words: 'not_synced' → 'not synced'. */
export const statusWords = (status: string) => status.replace(/_/g, ' ');

export function UserCell({ row }: { row: WebhookLog }) {
  return (
    <CellLines>
      <Token>{row.user.email}</Token>
      <Muted as={Token}>{t.hubId(row.user.organizationId)}</Muted>
      <Muted as={Token}>{t.webhookId(row.webhookId)}</Muted>
      <Link to={webhookLiveViewPath(row.webhookId)} aria-label={t.watchLiveOf(row.webhookId)}>
        {t.watchLive}
      </Link>
    </CellLines>
  );
}

/**
 * "Error" or "Success" (spec 02 §4) and, beside it, where the event really stands in words
 * (issue 31 item 3): what happened, what OutSync does next, what the user can do; CRM links,
 * attempts, Retry or Release.
 */
export function StatusCell({ row }: { row: WebhookLog }) {
  const outcome = webhookLogOutcome(row.webhookLogResults.errors);
  const retried = row.status === 'failed' || row.status === 'partially_synced';
  return (
    <CellLines>
      <StateLine>
        <Outcome $error={outcome === 'Error'}>{outcome}</Outcome>
        <StateChip explanation={row.explanation} />
      </StateLine>
      <ExplanationLines row={row} />
      {row.crmLinks.contact ? (
        <CrmLink href={row.crmLinks.contact} target="_blank" rel="noopener noreferrer">
          {t.contactLink}
        </CrmLink>
      ) : null}
      {row.crmLinks.activity ? (
        <CrmLink href={row.crmLinks.activity} target="_blank" rel="noopener noreferrer">
          {t.activityLink}
        </CrmLink>
      ) : null}
      {retried && row.attempts.length > 0 ? <Attempts attempts={row.attempts} /> : null}
      {row.canRetry || row.status === 'received' ? (
        <RowActionButton row={row} action="retry" />
      ) : null}
      {row.canRelease || row.status === 'received' ? (
        <RowActionButton row={row} action="release" />
      ) : null}
    </CellLines>
  );
}

function Attempts({ attempts }: { attempts: WebhookLog['attempts'] }) {
  return (
    <Disclosure label={t.attempts(attempts.length)}>
      <AttemptList>
        {attempts.map((attempt) => (
          <li key={attempt.at}>
            {dateTime(attempt.at)}: {statusWords(attempt.outcome)}
            {attempt.message ? <Muted>{attempt.message}</Muted> : null}
          </li>
        ))}
      </AttemptList>
    </Disclosure>
  );
}

/**
 * The Error Response column: each error's step and message as the service recorded them, folded
 * behind "Technical detail" (issue 31 item 3: the Status column says it in words).
 */
export function ErrorResponseCell({ row }: { row: WebhookLog }) {
  if (row.webhookLogResults.errors.length === 0) return <>{historyTexts.emptyCell}</>;
  return <TechnicalDetail detail={row.explanation.detail} />;
}

const Outcome = styled.strong<{ $error: boolean }>`
  color: ${({ $error }) => ($error ? theme.colors.danger : theme.colors.success)};
`;

/** A record link, 24 px high at least: two of them stacked stay apart enough to tap (WCAG 2.5.8). */
const CrmLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 24px;
  align-self: flex-start;
`;

const StateLine = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
`;

const AttemptList = styled.ol`
  margin: 0;
  padding-inline-start: ${theme.space(5)};
  font-size: ${theme.font.size.sm};
`;
