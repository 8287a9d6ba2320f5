import { useState } from 'react';
import styled from 'styled-components';
import type { ApiToken, ApiTokenCreateRequest } from '@outsync/contracts/accounts';
import { Button, Page, useToast, theme } from '@outsync/ui';
import { Chip, Table, type TableColumn } from '@outsync/ui/data';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import {
  CellButton,
  CellLines,
  CellNote,
  MutedText,
  Sections,
} from '../../../shared/components/screen-parts';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { apiTokenScopeLabels } from './api-token-labels';
import { ApiTokenSecretDialog } from './api-token-secret-dialog';
import { CreateApiTokenDialog } from './create-api-token-dialog';

/** The screen's texts (issue 34, item 5; ours, in the tone of spec 02's screens). */
export const apiTokensTexts = {
  intro:
    'API tokens let your own scripts call the OutSync API as you: read your webhooks and history, and with a read-and-write token also change webhooks and retry events. A token never does more than you can.',
  create: 'Create token',
  caption: 'API tokens',
  name: 'Name',
  scope: 'Scope',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  revoke: 'Revoke',
  never: 'Never',
  expired: 'Expired',
  prefix: (prefix: string) => `${prefix}…`,
  empty: 'No API tokens yet. Create one to call the API from your own scripts.',
  createdToast: (name: string) => `Created ${name}`,
  revokeTitle: (name: string) => `Revoke ${name}?`,
  revokeText: 'Scripts that use this token stop working at once. This cannot be undone.',
  revokedToast: (name: string) => `Revoked ${name}`,
} as const;

const t = apiTokensTexts;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const minute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * api-tokens (issue 34, item 5): the user's tokens for the API, "Create token", and Revoke with a
 * confirmation. A new token is shown once, after create, and kept only while its dialog is open.
 */
export function ApiTokensScreen({ title }: { title: string }) {
  const toast = useToast();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);

  // A refusal rejects: its toast is the service's message (the mutation's meta), and the dialog
  // stays open to correct it.
  const save = async (body: ApiTokenCreateRequest) => {
    const created = await create.mutateAsync(body).catch(() => null);
    if (!created) return;
    setCreating(false);
    toast.show({ severity: 'success', detail: t.createdToast(created.name) });
    setShown({ name: created.name, token: created.token });
  };

  const confirmRevoke = async (token: ApiToken) => {
    await revoke.mutateAsync(token.id);
    setToRevoke(null);
    toast.show({ severity: 'success', detail: t.revokedToast(token.name) });
  };

  const closeShown = () => {
    setShown(null);
    // The mutation's last answer holds the token too: drop it with it.
    create.reset();
  };

  // Sized by ui/README.md, "Tables: one sizing rule"; too narrow for all, the creation date,
  // then the last use, fold into each row's details.
  const columns: TableColumn<ApiToken>[] = [
    {
      id: 'name',
      header: t.name,
      cell: (token) => (
        <CellLines>
          <span>{token.name}</span>
          <CellNote>
            <Mono>{t.prefix(token.prefix)}</Mono>
          </CellNote>
        </CellLines>
      ),
      rowHeader: true,
      minWidth: '10rem',
      wrap: true,
    },
    {
      id: 'scope',
      header: t.scope,
      cell: (token) => apiTokenScopeLabels[token.scope],
      sizing: 'fixed',
      width: '140px',
    },
    {
      id: 'created',
      header: t.created,
      cell: (token) => <When iso={token.createdAt} format={day} />,
      sizing: 'fixed',
      width: '120px',
      priority: 2,
    },
    {
      id: 'expires',
      header: t.expires,
      cell: (token) =>
        Date.parse(token.expiresAt) <= Date.now() ? (
          <Chip label={t.expired} tone="danger" />
        ) : (
          <When iso={token.expiresAt} format={day} />
        ),
      sizing: 'fixed',
      width: '120px',
    },
    {
      id: 'lastUsed',
      header: t.lastUsed,
      cell: (token) =>
        token.lastUsedAt ? <When iso={token.lastUsedAt} format={minute} /> : t.never,
      sizing: 'fixed',
      width: '180px',
      priority: 1,
    },
    {
      id: 'revoke',
      header: t.revoke,
      cell: (token) => (
        <CellButton
          $variant="danger"
          aria-label={`${t.revoke} ${token.name}`}
          onClick={() => setToRevoke(token)}
        >
          {t.revoke}
        </CellButton>
      ),
      sizing: 'actions',
    },
  ];

  return (
    <Page title={title}>
      <Sections>
        <Intro>
          <MutedText>{t.intro}</MutedText>
          <Button onClick={() => setCreating(true)}>{t.create}</Button>
        </Intro>
        <Table
          caption={t.caption}
          captionHidden
          columns={columns}
          rows={tokens.data ?? []}
          getRowId={(token) => token.id}
          loading={tokens.isPending}
          emptyText={t.empty}
        />
      </Sections>
      {creating ? (
        <CreateApiTokenDialog onSubmit={save} onClose={() => setCreating(false)} />
      ) : null}
      {shown ? <ApiTokenSecretDialog {...shown} onDone={closeShown} /> : null}
      <ConfirmOnDemand
        open={toRevoke !== null}
        title={toRevoke ? t.revokeTitle(toRevoke.name) : ''}
        text={t.revokeText}
        confirmVariant="danger"
        onCancel={() => setToRevoke(null)}
        onConfirm={() => (toRevoke ? confirmRevoke(toRevoke) : undefined)}
      />
    </Page>
  );
}

/** An instant as the table shows it, with its full local time on hover. */
function When({ iso, format }: { iso: string; format: Intl.DateTimeFormat }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time dateTime={iso} title={date.toLocaleString('en-US')}>
      {format.format(date)}
    </time>
  );
}

const Intro = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space(4)};
`;

const Mono = styled.span`
  font-family: ${theme.font.mono};
  font-size: 12px;
  white-space: nowrap;
`;
