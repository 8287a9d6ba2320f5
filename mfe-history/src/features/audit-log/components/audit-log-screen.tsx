import { useState } from 'react';
import styled from 'styled-components';
import { routeUrl, type Role } from '@outsync/contracts';
import {
  auditActionLabels,
  historyRoutes,
  type AuditActor,
  type AuditEntry,
} from '@outsync/contracts/history';
import { Page, theme } from '@outsync/ui';
import type { TableColumn } from '@outsync/ui/data';
import { useFilterSearch } from '../../../shared/api/use-filter-search';
import {
  FilterBar,
  FilterTextField,
  RefusalNote,
  ScreenStack,
} from '../../../shared/components/filter-parts';
import { ExportLink } from '../../../shared/components/export-link';
import { HistoryTable, pageCountState } from '../../../shared/components/history-table';
import { dateTime } from '../../../shared/components/history-texts';
import {
  auditLogQuery,
  useAuditLog,
  type AuditLogFilterForm,
  type AuditLogFilterQuery,
} from '../api/audit-log-queries';

/** The screen's texts (issue 30, item 6; the spec has no audit log: ours). */
export const auditLogTexts = {
  title: 'Audit log',
  intro: 'Every change made in OutSync, who made it and on whose account.',
  email: 'Email',
  emailPlaceholder: 'Find by actor or account e-mail',
  caption: 'Audit log entries',
  empty: 'No changes recorded yet.',
  /** An empty Account (one change across several accounts) or Target. */
  none: '—',
  roles: { ADMIN: 'admin', MANAGER: 'manager' } satisfies Record<Role, string>,
  via: (partner: string) => `via ${partner}`,
  viaApiToken: (name: string) => `via API token “${name}”`,
  // An embed token whose partner the service could not name (deleted since).
  unknownPartner: 'a partner',
  columns: {
    time: 'Time',
    actor: 'Actor',
    account: 'Account',
    action: 'Action',
    target: 'Target',
  },
} as const;

const t = auditLogTexts;

/** The filter whose refusal shows under the field. */
const refusableFilters = ['email'];

/**
 * "ada@acme.test (admin)", "lee@shop.test via Acme Partners", "lee@shop.test via API token “CI”":
 * who, as staff, through an embed or with one of their API tokens.
 */
function actorText(actor: AuditActor): string {
  const role = actor.role ? ` (${t.roles[actor.role]})` : '';
  const via =
    actor.via === 'embed'
      ? ` ${t.via(actor.partnerName ?? t.unknownPartner)}`
      : actor.via === 'api-token'
        ? ` ${t.viaApiToken(actor.apiTokenName ?? '')}`
        : '';
  return `${actor.email}${role}${via}`;
}

// Sized by ui/README.md, "Tables: one sizing rule"; too narrow for all, the target folds into
// each row's details.
const columns: TableColumn<AuditEntry>[] = [
  // Wide enough for "11/29/2026, 10:17:31 AM" on two lines at most, never cut inside the year.
  {
    id: 'time',
    header: t.columns.time,
    cell: (row) => dateTime(row.at),
    rowHeader: true,
    sizing: 'fixed',
    width: '8.5rem',
  },
  {
    id: 'actor',
    header: t.columns.actor,
    cell: (row) => actorText(row.actor),
    width: '16rem',
    minWidth: '10rem',
  },
  {
    id: 'account',
    header: t.columns.account,
    cell: (row) => row.account?.email ?? t.none,
    sizing: 'token',
    minWidth: '11rem',
  },
  { id: 'action', header: t.columns.action, cell: (row) => auditActionLabels[row.action] },
  {
    id: 'target',
    header: t.columns.target,
    cell: (row) => row.target ?? t.none,
    // Wide enough for an e-mail's parts: only a longer one (an id) breaks inside.
    minWidth: '12rem',
    wrap: true,
    priority: 1,
  },
];

/**
 * audit-log (issue 30, item 6): who changed what, on whose account, newest first. Email (Enter
 * runs the search; emptied, Enter shows everything again), Export CSV of what it shows (issue
 * 34), the count line and the infinite table.
 */
export function AuditLogScreen() {
  const [form, setForm] = useState<AuditLogFilterForm>({ email: '' });
  // A refused search keeps the previous results; the message stands under Email (issue 31).
  const filterSearch = useFilterSearch<AuditLogFilterQuery>({}, refusableFilters);
  const list = useAuditLog(filterSearch.search, filterSearch.guard);
  const runSearch = () => filterSearch.run(auditLogQuery(form));
  const count = pageCountState(list);

  return (
    <Page title={t.title}>
      <ScreenStack>
        <Intro>{t.intro}</Intro>
        {/* Wide enough for its placeholder, whole (issue 31). */}
        <FilterBar $minColumn="18rem">
          <FilterTextField
            label={t.email}
            placeholder={t.emailPlaceholder}
            type="email"
            value={form.email}
            error={filterSearch.refusedField('email')}
            onValueChange={(email) => setForm({ email })}
            onSearch={runSearch}
          />
        </FilterBar>
        <RefusalNote refusal={filterSearch.refusal} />
        <ExportLink
          href={routeUrl(historyRoutes.auditLogExport, { query: filterSearch.search.filters })}
          count={count}
        />
        <HistoryTable
          caption={t.caption}
          columns={columns}
          rows={list.rows}
          getRowId={(row) => row.id}
          list={list}
          count={count}
          emptyText={t.empty}
        />
      </ScreenStack>
    </Page>
  );
}

const Intro = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;
