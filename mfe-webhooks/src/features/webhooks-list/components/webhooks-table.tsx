import { useState } from 'react';
import styled, { css } from 'styled-components';
import type { Webhook } from '@outsync/contracts/webhooks';
import { Button, useToast, theme } from '@outsync/ui';
import { Table, Token, type TableColumn } from '@outsync/ui/data';
import { CopyButton, ConfirmOnDemand } from '@outsync/ui/overlay';
import { useDeleteWebhook } from '../api/delete-webhook';
import {
  CategoriesCell,
  deleteTextParts,
  FullNameCell,
  ProfileCell,
  TagsCell,
} from './webhook-cells';

/**
 * The table's texts (spec 01 §2.6, §8). The header 'Webhook URL' and the empty
 * text are ours: the spec names the columns' contents, not those headers.
 */
export const webhooksTableTexts = {
  fullName: 'Full Name',
  profile: 'Profile',
  tags: 'Tags',
  categories: 'Category-based filter',
  webhookUrl: 'Webhook URL',
  settings: 'Webhook Settings',
  syncTest: 'Sync test',
  live: 'Live',
  backfill: 'Import past activity',
  copyUrl: 'Copy URL',
  copied: 'Copied webhook URL.',
  delete: 'Delete',
  empty: 'No webhooks yet.',
  deleteTitle: ({ firstName, lastName }: { firstName: string; lastName: string }) =>
    `Do you want to delete ${firstName} ${lastName}'s webhook?`,
  deleteText: ({ platform, crm }: { platform: string; crm: string }) =>
    `This only deletes the webhook. You may want to update your webhook settings in ${platform} and workflows in ${crm}.`,
  deleted: ({ firstName, lastName }: { firstName: string; lastName: string }) =>
    `Deleted ${firstName} ${lastName}'s webhook.`,
} as const;

const t = webhooksTableTexts;

export interface WebhookActions {
  /** 'Webhook Settings': the page opens the settings dialog for this webhook. */
  onOpenSettings: (webhook: Webhook) => void;
  /** 'Sync test': the page opens the Send Test Webhook dialog for this webhook. */
  onOpenTest: (webhook: Webhook) => void;
  /**
   * 'Live' (issue 34, item 1): the page opens the live view of this webhook's events. On every
   * row: the view shows what History would (the viewer's own events; staff, everyone's).
   */
  onOpenLive?: (webhook: Webhook) => void;
  /**
   * 'Import past activity' (issue 34, item 3): the page opens the backfill dialog. For those who
   * may change the webhook, as the import writes into its CRM.
   */
  onOpenBackfill?: (webhook: Webhook) => void;
}

/**
 * 'Existing webhooks:' or 'All webhooks:' (spec 01 §2.6). Delete shows only on the webhooks the
 * caller may change (`canUpdate`: the owner, or an admin); the dialogs belong to the page.
 */
export function WebhooksTable({
  caption,
  webhooks,
  loading = false,
  onOpenSettings,
  onOpenTest,
  onOpenLive,
  onOpenBackfill,
}: {
  caption: string;
  webhooks: readonly Webhook[];
  loading?: boolean;
} & WebhookActions) {
  const toast = useToast();
  const deleting = useDeleteWebhook();
  const [toDelete, setToDelete] = useState<Webhook | null>(null);

  const confirmDelete = async (webhook: Webhook) => {
    // A refusal rejects: the question stays open and the 'Error' toast says why.
    const deleted = await deleting.mutateAsync(webhook);
    setToDelete(null);
    toast.show({ severity: 'success', detail: t.deleted(deleted.ownerDetails) });
  };

  // Sized by ui/README.md, "Tables: one sizing rule"; too narrow for all, the categories, then
  // the tags, fold into each row's details.
  const columns: TableColumn<Webhook>[] = [
    {
      id: 'fullName',
      header: t.fullName,
      cell: (webhook) => <FullNameCell webhook={webhook} />,
      width: '230px',
      minWidth: '11rem',
    },
    {
      id: 'profile',
      header: t.profile,
      cell: (webhook) => <ProfileCell webhook={webhook} />,
      width: '170px',
      minWidth: '8rem',
    },
    { id: 'tags', header: t.tags, cell: (webhook) => <TagsCell webhook={webhook} />, priority: 1 },
    {
      id: 'categories',
      header: t.categories,
      cell: (webhook) => <CategoriesCell webhook={webhook} />,
      priority: 2,
    },
    {
      // The URL, then what can be done with the webhook: one column keeps the buttons in view
      // beside the rest of the row instead of past a sideways scroll.
      id: 'webhookUrl',
      header: t.webhookUrl,
      cell: (webhook) => (
        <Stack>
          <Url>
            <Token wrap>{webhook.webhookUrl}</Token>
          </Url>
          <Buttons>
            <CellCopyButton text={webhook.webhookUrl} successMessage={t.copied}>
              {t.copyUrl}
            </CellCopyButton>
            <CellButton $variant="secondary" onClick={() => onOpenSettings(webhook)}>
              {t.settings}
            </CellButton>
            {/* A test event writes into the CRM like a change: for those who may change it. */}
            {webhook.canUpdate ? (
              <>
                <CellButton $variant="secondary" onClick={() => onOpenTest(webhook)}>
                  {t.syncTest}
                </CellButton>
              </>
            ) : null}
            {onOpenLive ? (
              <CellButton $variant="secondary" onClick={() => onOpenLive(webhook)}>
                {t.live}
              </CellButton>
            ) : null}
            {onOpenBackfill && webhook.canUpdate && webhook.emailService ? (
              <CellButton $variant="secondary" onClick={() => onOpenBackfill(webhook)}>
                {t.backfill}
              </CellButton>
            ) : null}
            {webhook.canUpdate ? (
              <CellButton $variant="danger" onClick={() => setToDelete(webhook)}>
                {t.delete}
              </CellButton>
            ) : null}
          </Buttons>
        </Stack>
      ),
      width: '210px',
      minWidth: '10rem',
    },
  ];

  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={webhooks}
        getRowId={(webhook) => webhook.id}
        loading={loading}
        emptyText={t.empty}
      />
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete.ownerDetails) : ''}
        text={toDelete ? t.deleteText(deleteTextParts(toDelete)) : undefined}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(2)};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;

const Url = styled.div`
  align-self: stretch;
  font-family: ${theme.font.mono};
  font-size: 12px;
`;

const cellButtonStyles = css`
  min-height: 0;
  padding: ${theme.space(1)} ${theme.space(3)};
  font-size: ${theme.font.size.sm};
  white-space: nowrap;
`;

const CellButton = styled(Button)`
  ${cellButtonStyles}
`;

const CellCopyButton = styled(CopyButton)`
  ${cellButtonStyles}
`;
