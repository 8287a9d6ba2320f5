import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { API_KEY_MASK, platformDisplayName } from '@outsync/contracts';
import type { ApiKey } from '@outsync/contracts/accounts';
import { useToast, theme } from '@outsync/ui';
import { Chip, Table, Token, type TableColumn } from '@outsync/ui/data';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import {
  CellBusyButton,
  CellButton,
  CellLines,
  CellNote,
  idColumn,
  WholeWords,
} from '../../../shared/components/screen-parts';
import { apiKeyFailureTexts } from '../api/api-key-failure';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useRevealApiKey } from '../api/reveal-api-key';
import { useValidateApiKey } from '../api/validate-api-key';

// The dialogs load on first use: the table does not need them, and the page stays further under
// its 60 KB first-load budget.
const UpdateApiKeyDialog = lazy(() =>
  import('./update-api-key-dialog').then((module) => ({ default: module.UpdateApiKeyDialog })),
);
const LeadCategoriesDialog = lazy(() =>
  import('./lead-categories-dialog').then((module) => ({ default: module.LeadCategoriesDialog })),
);

/** The table's texts (spec 02 §2.4, §8; the delete question, empty text and refusal are ours). */
export const apiKeysTableTexts = {
  id: 'ID',
  apiKey: 'API Key',
  description: 'Description',
  platform: 'Platform',
  profile: 'Profile',
  status: 'Status',
  check: 'Check API Key',
  edit: 'Edit',
  leadCategories: 'Lead Categories',
  view: 'View',
  delete: 'Delete',
  ok: 'Ok',
  invalid: 'Invalid',
  showKey: 'Show the API key',
  hideKey: 'Hide the API key',
  empty: 'No API keys yet.',
  validated: 'API key validated',
  refused: 'The platform did not accept this API key.',
  deleteTitle: (description: string) => `Do you want to delete ${description}?`,
  deleteText: 'This deletes the API key.',
  deleted: (description: string) => `Deleted ${description}`,
  sync: (sync: ApiKey['syncBlockList'][number]) => `${sync.id} - ${sync.listName}`,
  owner: ({
    firstName,
    lastName,
    email,
    organizationId,
    organizationDomain,
  }: ApiKey['userProfile']) =>
    `${firstName} ${lastName} ${email} - ${organizationId} ${organizationDomain}`,
  baseUrl: (baseUrl: string) => `Base URL: ${baseUrl}`,
} as const;

const t = apiKeysTableTexts;

/**
 * "API Keys" and "All API Keys" (spec 02 §2.4). In the caller's own table a key it may manage
 * can be shown, edited and deleted; "All API Keys" is read-only (Check API Key and View only).
 */
export function ApiKeysTable({
  caption,
  keys,
  loading,
  readOnly = false,
}: {
  caption: string;
  keys: readonly ApiKey[];
  loading: boolean;
  readOnly?: boolean;
}) {
  const toast = useToast();
  const validate = useValidateApiKey();
  const deleting = useDeleteApiKey();
  const { reveal, revealingId } = useRevealApiKey();
  // Revealed keys live here only, by id, while shown (never in a cache).
  const [revealed, setRevealed] = useState<Readonly<Record<string, string>>>({});
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [viewing, setViewing] = useState<ApiKey | null>(null);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);
  const manages = (key: ApiKey) => !readOnly && key.canManage;

  const forget = (id: string) => setRevealed(({ [id]: _forgotten, ...others }) => others);

  const toggleSecret = async (key: ApiKey) => {
    if (revealed[key.id] !== undefined) {
      forget(key.id);
      return;
    }
    const secret = await reveal(key.id).catch(() => null);
    if (secret !== null) setRevealed((shown) => ({ ...shown, [key.id]: secret }));
  };

  const check = async (key: ApiKey) => {
    const isValid = await validate.mutateAsync(key.id).catch(() => null);
    if (isValid === true) toast.show({ severity: 'success', detail: t.validated });
    if (isValid === false) {
      toast.show({
        severity: 'error',
        summary: apiKeyFailureTexts.summary,
        detail: t.refused,
        life: 0,
      });
    }
  };

  const confirmDelete = async (key: ApiKey) => {
    const deleted = await deleting.mutateAsync(key.id);
    setToDelete(null);
    forget(key.id);
    toast.show({ severity: 'success', detail: t.deleted(deleted.description) });
  };

  // Too narrow for all (ui/README.md, "Tables: one sizing rule"): the owner's profile, then the
  // platform, then the id fold into each row's details; the key (shown on a click), its
  // description, status and buttons stay.
  const columns: TableColumn<ApiKey>[] = [
    { ...idColumn(t.id), sizing: 'fixed', priority: 1 },
    {
      id: 'apiKey',
      header: t.apiKey,
      cell: (key) => {
        const secret = revealed[key.id];
        if (!manages(key)) return <Masked>{API_KEY_MASK}</Masked>;
        return (
          <SecretToggle
            type="button"
            aria-pressed={secret !== undefined}
            aria-busy={revealingId === key.id}
            disabled={revealingId === key.id}
            title={secret === undefined ? t.showKey : t.hideKey}
            onClick={() => void toggleSecret(key)}
          >
            {secret === undefined ? <Masked>{API_KEY_MASK}</Masked> : secret}
          </SecretToggle>
        );
      },
      sizing: 'fixed',
      width: '200px',
    },
    {
      id: 'description',
      header: t.description,
      cell: (key) => (
        <CellLines>
          <span>{key.description}</span>
          {/* "{id} - {list name}": the 24-digit id wraps rather than widen the column. */}
          {key.syncBlockList.map((sync) => (
            <CellNote key={sync.id}>
              <Token wrap>{t.sync(sync)}</Token>
            </CellNote>
          ))}
        </CellLines>
      ),
      minWidth: '9rem',
      wrap: true,
    },
    {
      id: 'platform',
      header: t.platform,
      cell: (key) => <WholeWords>{platformDisplayName(key.platform)}</WholeWords>,
      sizing: 'fixed',
      width: '110px',
      priority: 2,
    },
    {
      id: 'profile',
      header: t.profile,
      cell: (key) => (
        <CellLines>
          <Token>{t.owner(key.userProfile)}</Token>
          {key.baseUrl ? (
            <CellNote>
              <Token>{t.baseUrl(key.baseUrl)}</Token>
            </CellNote>
          ) : null}
        </CellLines>
      ),
      minWidth: '10rem',
      priority: 3,
    },
    {
      id: 'status',
      header: t.status,
      cell: (key) => (
        <Chip label={key.isValid ? t.ok : t.invalid} tone={key.isValid ? 'success' : 'danger'} />
      ),
      sizing: 'fixed',
      width: '90px',
    },
    {
      id: 'check',
      sizing: 'actions',
      header: t.check,
      cell: (key) => (
        <CellBusyButton
          variant="secondary"
          busy={validate.isPending && validate.variables === key.id}
          onClick={() => void check(key)}
        >
          {t.check}
        </CellBusyButton>
      ),
    },
  ];
  if (!readOnly) {
    columns.push({
      id: 'edit',
      header: t.edit,
      cell: (key) =>
        manages(key) ? (
          <CellButton $variant="secondary" onClick={() => setEditing(key)}>
            {t.edit}
          </CellButton>
        ) : null,
      sizing: 'actions',
    });
  }
  columns.push({
    id: 'leadCategories',
    header: t.leadCategories,
    sizing: 'actions',
    cell: (key) => (
      <CellButton $variant="secondary" onClick={() => setViewing(key)}>
        {t.view}
      </CellButton>
    ),
  });
  if (!readOnly) {
    columns.push({
      id: 'delete',
      header: t.delete,
      sizing: 'actions',
      cell: (key) =>
        manages(key) ? (
          <CellButton $variant="danger" onClick={() => setToDelete(key)}>
            {t.delete}
          </CellButton>
        ) : null,
    });
  }

  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={keys}
        getRowId={(key) => key.id}
        loading={loading}
        emptyText={t.empty}
      />
      <Suspense fallback={null}>
        {editing ? (
          <UpdateApiKeyDialog
            apiKey={editing}
            knownSecret={revealed[editing.id] ?? null}
            onClose={() => setEditing(null)}
            onUpdated={(id) => forget(id)}
          />
        ) : null}
        {viewing ? (
          <LeadCategoriesDialog
            apiKey={viewing}
            canAdd={manages(viewing)}
            onClose={() => setViewing(null)}
          />
        ) : null}
      </Suspense>
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete.description) : ''}
        text={t.deleteText}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </>
  );
}

const SecretToggle = styled.button`
  padding: 0;
  border: 0;
  background: none;
  font-family: ${theme.font.mono};
  font-size: 12px;
  color: ${theme.colors.brand};
  text-align: start;
  overflow-wrap: anywhere;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &:disabled {
    cursor: progress;
  }
`;

// The mask wraps after its hyphens only.
const Masked = styled.span`
  font-family: ${theme.font.mono};
  font-size: 12px;
  overflow-wrap: normal;
`;
