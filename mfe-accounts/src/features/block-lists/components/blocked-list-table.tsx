import { useState } from 'react';
import styled from 'styled-components';
import {
  BLOCK_LIST_ERROR_MAX_LENGTH,
  FALLBACK_PLATFORM_DISPLAY_NAME,
  platformDisplayName,
} from '@outsync/contracts';
import {
  displayedBlockListStatus,
  type BlockListDisplayedStatus,
  type BlockListProgress,
  type BlockListSync,
  type BlockListSyncDeleteResponse,
} from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import {
  Chip,
  formatUsDateTime,
  Table,
  Token,
  type ChipTone,
  type TableColumn,
} from '@outsync/ui/data';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import { EMPTY_CELL } from '../../../shared/components/profile-cells';
import {
  CellBusyButton,
  CellButton,
  CellLines,
  CellNote,
  idColumn,
  IdText,
  WholeWords,
} from '../../../shared/components/screen-parts';
import { useDeleteBlockListSync } from '../api/delete-block-list-sync';
import { useUpdateBlockListSync } from '../api/update-block-list-sync';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The table's texts (spec 02 §2.7, §8). The Pause/Resume column's header, the empty text and the
 * progress and next-run lines are ours.
 */
export const blockedListTexts = {
  caption: 'Blocked List',
  empty: 'No block lists yet.',
  headers: {
    listName: 'List Name',
    id: 'ID',
    user: 'User',
    apiKey: 'API Key',
    client: 'Client',
    type: 'Type',
    lastSyncedAt: 'Last Synced At',
    lastAttempt: 'Last Attempt',
    lastError: 'Last Error',
    lastPlatformError: (platformName: string) => `Last Error From ${platformName}`,
    synced: 'items Were Synced',
    notSynced: 'items Are Not Synced',
    enable: 'Enable',
    status: 'Status',
    pauseResume: 'Pause / Resume',
    delete: 'Delete',
  },
  listName: ({ listIdILS, listId, listName }: BlockListSync) =>
    `${listIdILS || listId} : ${listName}`,
  accountId: (accountId: string) => `Account Id: ${accountId}`,
  hubId: (hubId: string) => `Hub Id: ${hubId}`,
  client: ({ id, email }: { id: string; email: string }) => `${id}: ${email}`,
  nonLatinDomain: 'NonLatin: Domain',
  nonLatinSkip: 'NonLatin: Skip',
  yes: 'Yes',
  no: 'No',
  progress: ({ phase, done, total }: BlockListProgress) => {
    if (phase === 'reading' && total === null) return 'Reading…';
    const verb = phase === 'reading' ? 'Reading' : 'Writing';
    return total === null ? `${verb} ${count(done)}` : `${verb} ${count(done)} / ${count(total)}`;
  },
  nextRun: (when: string) => `Next run: ${when}`,
  pause: 'Pause Blocking',
  resume: 'Resume Blocking',
  delete: 'Delete',
  paused: ({ listId, listName }: BlockListSync) => `Paused blocking ${listId}: ${listName}.`,
  resumed: ({ listId, listName }: BlockListSync) => `Resumed blocking ${listId}: ${listName}.`,
  deleteTitle: ({ listId, listName }: BlockListSync) =>
    `Do you want to delete ${listId}: ${listName}?`,
  deleteText: (platformName: string) =>
    `This only deletes the sync. You may want to delete the block list in ${platformName} and the source list in your CRM.`,
  deleted: ({ listId, listName }: BlockListSyncDeleteResponse) => `Deleted ${listId}: ${listName}`,
} as const;

const t = blockedListTexts;

const statusTones: Record<BlockListDisplayedStatus, ChipTone> = {
  QUEUED: 'neutral',
  SYNCING: 'brand',
  SYNCED: 'success',
  FAILED: 'danger',
  PAUSED: 'neutral',
  PAUSED_PENDING_UPGRADE: 'danger',
};

/** A date and time in the viewer's time zone; "—" for never. */
function dateTime(iso: string | null): string {
  if (!iso) return EMPTY_CELL;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatUsDateTime(date);
}

/** Spec 02 §9: error texts show their first 55 characters; the whole text is the tooltip. */
function CutError({ text }: { text: string | null }) {
  if (!text) return <>{EMPTY_CELL}</>;
  return <span title={text}>{text.slice(0, BLOCK_LIST_ERROR_MAX_LENGTH)}</span>;
}

/** One platform's name when every row has it; else the spec's fallback name. */
function platformNameOf(syncs: readonly BlockListSync[]): string {
  const platforms = new Set(syncs.map((sync) => sync.apiKey.platform));
  const [only] = platforms;
  return platforms.size === 1 ? platformDisplayName(only) : FALLBACK_PLATFORM_DISPLAY_NAME;
}

/**
 * The "Blocked List" table (spec 02 §2.7): every column in the spec's order, the displayed status
 * of §4 with a run's progress, and Pause, Resume and Delete where the service says the caller may
 * manage the sync (§6).
 */
export function BlockedListTable({
  syncs,
  loading,
}: {
  syncs: readonly BlockListSync[];
  loading: boolean;
}) {
  const toast = useToast();
  const updating = useUpdateBlockListSync();
  const deleting = useDeleteBlockListSync();
  const [toDelete, setToDelete] = useState<BlockListSync | null>(null);

  const setEnabled = async (sync: BlockListSync, isEnabled: boolean) => {
    const updated = await updating.mutateAsync({ id: sync.id, isEnabled }).catch(() => null);
    if (!updated) return;
    toast.show({
      severity: 'success',
      detail: updated.isEnabled ? t.resumed(updated) : t.paused(updated),
    });
  };

  const confirmDelete = async (sync: BlockListSync) => {
    const deleted = await deleting.mutateAsync(sync.id);
    setToDelete(null);
    toast.show({ severity: 'success', detail: t.deleted(deleted) });
  };

  // Fifteen columns fit no screen: the ones with the highest priority fold into each row's
  // details first (ui/README.md, "Tables: one sizing rule"). The list, its status, Pause / Resume
  // and Delete stay.
  const columns: TableColumn<BlockListSync>[] = [
    {
      id: 'listName',
      header: t.headers.listName,
      cell: (sync) => t.listName(sync),
      width: '180px',
      minWidth: '8rem',
      wrap: true,
    },
    { ...idColumn(t.headers.id), sizing: 'fixed', priority: 5 },
    {
      id: 'user',
      header: t.headers.user,
      cell: ({ user }) => (
        <CellLines>
          <Token>{user.email}</Token>
          <CellNote>{t.accountId(user.accountId)}</CellNote>
          <CellNote>{t.hubId(user.organizationId)}</CellNote>
        </CellLines>
      ),
      width: '200px',
      minWidth: '10rem',
      priority: 7,
    },
    {
      id: 'apiKey',
      header: t.headers.apiKey,
      cell: ({ apiKey }) => (
        <CellLines>
          <IdText>{apiKey.id}</IdText>
          <span>{apiKey.description}</span>
        </CellLines>
      ),
      sizing: 'fixed',
      width: '150px',
      priority: 8,
    },
    {
      id: 'client',
      header: t.headers.client,
      cell: ({ clientDetails }) => (clientDetails ? t.client(clientDetails) : EMPTY_CELL),
      sizing: 'token',
      width: '160px',
      priority: 12,
    },
    {
      id: 'type',
      header: t.headers.type,
      cell: (sync) => <TypeCell sync={sync} />,
      sizing: 'fixed',
      width: '140px',
      priority: 2,
    },
    {
      id: 'lastSyncedAt',
      header: t.headers.lastSyncedAt,
      cell: (sync) => dateTime(sync.lastFetchedAt),
      sizing: 'fixed',
      width: '120px',
      priority: 1,
    },
    {
      id: 'lastAttempt',
      header: t.headers.lastAttempt,
      cell: (sync) => dateTime(sync.lastAttemptedAt),
      sizing: 'fixed',
      width: '120px',
      priority: 6,
    },
    {
      id: 'lastError',
      header: t.headers.lastError,
      cell: (sync) => <CutError text={sync.lastError} />,
      width: '180px',
      priority: 3,
    },
    {
      id: 'lastPlatformError',
      header: t.headers.lastPlatformError(platformNameOf(syncs)),
      cell: (sync) => <CutError text={sync.lastSmartleadError} />,
      width: '180px',
      priority: 4,
    },
    {
      id: 'synced',
      header: t.headers.synced,
      cell: (sync) => count(sync.countItemsSynced),
      align: 'end',
      sizing: 'fixed',
      width: '96px',
      priority: 9,
    },
    {
      id: 'notSynced',
      header: t.headers.notSynced,
      cell: (sync) => count(sync.countItemsNotSynced),
      align: 'end',
      sizing: 'fixed',
      width: '96px',
      priority: 10,
    },
    {
      id: 'enable',
      header: t.headers.enable,
      cell: (sync) => (sync.isEnabled ? t.yes : t.no),
      sizing: 'fixed',
      width: '80px',
      priority: 11,
    },
    {
      id: 'status',
      header: t.headers.status,
      cell: (sync) => <StatusCell sync={sync} />,
      width: '190px',
      minWidth: '10rem',
    },
    {
      id: 'pauseResume',
      header: t.headers.pauseResume,
      cell: (sync) =>
        sync.canManage ? (
          <CellBusyButton
            variant="secondary"
            busy={updating.isPending && updating.variables.id === sync.id}
            onClick={() => void setEnabled(sync, !sync.isEnabled)}
          >
            {sync.isEnabled ? t.pause : t.resume}
          </CellBusyButton>
        ) : null,
      sizing: 'actions',
    },
    {
      id: 'delete',
      header: t.headers.delete,
      cell: (sync) =>
        sync.canManage ? (
          <CellButton $variant="danger" onClick={() => setToDelete(sync)}>
            {t.delete}
          </CellButton>
        ) : null,
      sizing: 'actions',
    },
  ];

  return (
    <>
      <Table
        caption={t.caption}
        columns={columns}
        rows={syncs}
        getRowId={(sync) => sync.id}
        loading={loading}
        emptyText={t.empty}
      />
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete) : ''}
        text={toDelete ? t.deleteText(platformDisplayName(toDelete.apiKey.platform)) : ''}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </>
  );
}

/** Block type and platform; Instantly addresses also say what happens to non-Latin ones. */
function TypeCell({ sync }: { sync: BlockListSync }) {
  const { blockType, apiKey, useDomainForNonLatin } = sync;
  const nonLatinApplies = apiKey.platform === 'instantly' && blockType === 'ADDRESS';
  return (
    <CellLines>
      <span>{blockType}</span>
      <WholeWords>{platformDisplayName(apiKey.platform)}</WholeWords>
      {nonLatinApplies ? (
        <CellNote>{useDomainForNonLatin ? t.nonLatinDomain : t.nonLatinSkip}</CellNote>
      ) : null}
    </CellLines>
  );
}

/** The displayed status (spec 02 §4), a running sync's progress, and an enabled one's next run. */
function StatusCell({ sync }: { sync: BlockListSync }) {
  const status = displayedBlockListStatus(sync);
  const paused = status === 'PAUSED' || status === 'PAUSED_PENDING_UPGRADE';
  const running = status === 'QUEUED' || status === 'SYNCING';
  return (
    <CellLines>
      <StatusChip label={status} tone={statusTones[status]} />
      {running && sync.progress ? <CellNote>{t.progress(sync.progress)}</CellNote> : null}
      {!paused && sync.nextRunAt ? (
        <CellNote>{t.nextRun(dateTime(sync.nextRunAt))}</CellNote>
      ) : null}
    </CellLines>
  );
}

// The status values are single words joined by underscores: they wrap only where they must.
const StatusChip = styled(Chip)`
  align-self: flex-start;
  overflow-wrap: anywhere;
`;
