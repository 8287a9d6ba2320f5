import { useId, useState } from 'react';
import styled from 'styled-components';
import type { UserAccount } from '@outsync/contracts/accounts';
import { Page, Spinner, useToast, theme } from '@outsync/ui';
import { Table, type TableColumn } from '@outsync/ui/data';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import { NoIntegrations } from '@outsync/app-runtime/profile-select';
import { useUserIntegrations } from '../../../shared/api/get-user-integrations';
import { CellButton, idColumn, MutedText, Sections } from '../../../shared/components/screen-parts';
import { useDeleteUserAccount } from '../api/delete-user-account';
import { useUserAccounts } from '../api/get-user-accounts';
import { useUpdateUserAccount } from '../api/update-user-account';
import { AddWebhookForm } from './add-webhook-form';
import { SigningSecretCell } from './signing-secret-cell';

/** The screen's texts (spec 02 §2.6, §8; the delete question and empty texts are ours). */
export const webhookEndpointsTexts = {
  noIntegrations: "You don't have any integrations!",
  // Beyond the spec (issue 31): after "connect your CRM first".
  thenAdd: 'Then come back here to add an endpoint its events can be forwarded to.',
  loadingIntegrations: 'Loading profiles',
  caption: 'Webhooks',
  id: 'ID',
  url: 'Webhook URL',
  description: 'Description',
  signingSecret: 'Signing secret',
  syncAlerts: 'Sync alerts',
  syncAlertsOf: (description: string) => `Send sync alerts to ${description}`,
  syncAlertsOn: (description: string) => `Sync alerts on for ${description}`,
  syncAlertsOff: (description: string) => `Sync alerts off for ${description}`,
  delete: 'Delete',
  empty: 'No webhook endpoints yet.',
  deleteTitle: (description: string) => `Do you want to delete ${description}?`,
  deleteText: 'This deletes the webhook.',
  deleted: (description: string) => `Deleted ${description}`,
  // Ours (docs/decisions.md): how a customer checks what OutSync sends to an endpoint.
  signatureHelpStart: 'Every request OutSync sends to an endpoint carries',
  signatureHeader: 'X-OutSync-Signature: sha256=<hex HMAC-SHA256 of the raw body with this secret>',
  signatureHelpEnd:
    "Compute it over the body exactly as received, with the endpoint's signing secret, and compare.",
} as const;

const t = webhookEndpointsTexts;

/**
 * additional-services-view (spec 02 §2.6): extra endpoints events can be forwarded to. Delete is
 * offered where the service says the item may be deleted (canDelete). Each row's signing secret
 * can be shown and copied: the list holds the caller's own endpoints only, which they manage.
 */
export function WebhookEndpointsScreen({ title }: { title: string }) {
  const integrations = useUserIntegrations();
  const endpoints = useUserAccounts();
  const deleting = useDeleteUserAccount();
  const updating = useUpdateUserAccount();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<UserAccount | null>(null);
  const signatureHelpId = useId();

  const confirmDelete = async (endpoint: UserAccount) => {
    const deleted = await deleting.mutateAsync(endpoint.id);
    setToDelete(null);
    toast.show({ severity: 'success', detail: t.deleted(deleted.description) });
  };

  const toggleSyncAlerts = async (endpoint: UserAccount, syncAlerts: boolean) => {
    const updated = await updating.mutateAsync({ id: endpoint.id, syncAlerts }).catch(() => null);
    if (!updated) return;
    const say = updated.syncAlerts ? t.syncAlertsOn : t.syncAlertsOff;
    toast.show({ severity: 'success', detail: say(updated.description) });
  };

  // Sized by ui/README.md, "Tables: one sizing rule"; too narrow for all, the description folds
  // into each row's details.
  const columns: TableColumn<UserAccount>[] = [
    { ...idColumn(t.id), sizing: 'fixed' },
    {
      id: 'url',
      header: t.url,
      cell: (row) => row.url,
      sizing: 'token',
      width: '35%',
      minWidth: '14rem',
    },
    {
      id: 'description',
      header: t.description,
      cell: (row) => row.description,
      minWidth: '8rem',
      wrap: true,
      priority: 1,
    },
    {
      id: 'signingSecret',
      header: t.signingSecret,
      cell: (row) => <SigningSecretCell endpointId={row.id} helpId={signatureHelpId} />,
      sizing: 'fixed',
      width: '220px',
    },
    {
      id: 'syncAlerts',
      header: t.syncAlerts,
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={t.syncAlertsOf(row.description)}
          checked={row.syncAlerts}
          disabled={updating.isPending && updating.variables.id === row.id}
          onChange={(event) => void toggleSyncAlerts(row, event.target.checked)}
        />
      ),
      sizing: 'fixed',
      width: '112px',
    },
    {
      id: 'delete',
      header: t.delete,
      cell: (row) =>
        row.canDelete ? (
          <CellButton $variant="danger" onClick={() => setToDelete(row)}>
            {t.delete}
          </CellButton>
        ) : null,
      sizing: 'actions',
    },
  ];

  return (
    <Page title={title}>
      <Sections>
        {integrations.isPending ? (
          <Spinner label={t.loadingIntegrations} />
        ) : integrations.data?.length ? (
          <AddWebhookForm integrations={integrations.data} />
        ) : integrations.isSuccess ? (
          <NoIntegrations then={t.thenAdd} />
        ) : null}
        <Table
          caption={t.caption}
          columns={columns}
          rows={endpoints.data ?? []}
          getRowId={(row) => row.id}
          loading={endpoints.isPending}
          emptyText={t.empty}
        />
        <MutedText id={signatureHelpId}>
          {t.signatureHelpStart} <SignatureHeader>{t.signatureHeader}</SignatureHeader>.{' '}
          {t.signatureHelpEnd}
        </MutedText>
      </Sections>
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete.description) : ''}
        text={t.deleteText}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </Page>
  );
}

const SignatureHeader = styled.code`
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.sm};
  overflow-wrap: anywhere;
`;
