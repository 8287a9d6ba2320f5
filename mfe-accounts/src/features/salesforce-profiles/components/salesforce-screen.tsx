import { useState } from 'react';
import { crmDisplayNames } from '@outsync/contracts';
import type { SalesforceProfile } from '@outsync/contracts/accounts';
import { Page, useToast } from '@outsync/ui';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import { Sections } from '../../../shared/components/screen-parts';
import { useOAuthReturn } from '../../../shared/navigation/use-oauth-return';
import { useSalesforceConnectedAccountCheck } from '../api/check-salesforce-connected-account';
import { useConnectSalesforceProfile } from '../api/connect-salesforce-profile';
import { useDeleteSalesforceProfile } from '../api/delete-salesforce-profile';
import { useSalesforceProfiles } from '../api/get-salesforce-profiles';
import { SalesforceProfileForm } from './salesforce-profile-form';
import { SalesforceProfilesTable } from './salesforce-profiles-table';

/** The screen's own texts (the spec shows none for delete and the OAuth return: ours). */
export const salesforceTexts = {
  connected: `${crmDisplayNames.SALESFORCE} account connected`,
  deleteTitle: (domain: string) => `Do you want to delete ${domain}?`,
  deleteText: 'This deletes the Salesforce profile and its stored connection.',
  deleted: (domain: string) => `Deleted ${domain}`,
} as const;

/**
 * salesforce-settings-view (spec 02 §2.3): checks the connections on entry, adds profiles, and
 * connects one through its org's OAuth page, coming back with `?connected=1` or `?error=…`.
 */
export function SalesforceScreen({ title }: { title: string }) {
  useSalesforceConnectedAccountCheck();
  useOAuthReturn(salesforceTexts.connected);
  const profiles = useSalesforceProfiles();
  const connect = useConnectSalesforceProfile();
  const deleting = useDeleteSalesforceProfile();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<SalesforceProfile | null>(null);
  // Busy until the browser has left for Salesforce.
  const connectingId = connect.isPending || connect.isSuccess ? (connect.variables ?? null) : null;

  const confirmDelete = async (profile: SalesforceProfile) => {
    await deleting.mutateAsync(profile.id);
    setToDelete(null);
    toast.show({
      severity: 'success',
      detail: salesforceTexts.deleted(profile.user.settings.domain),
    });
  };

  return (
    <Page title={title}>
      <Sections>
        <SalesforceProfileForm />
        <SalesforceProfilesTable
          profiles={profiles.data ?? []}
          loading={profiles.isPending}
          connectingId={connectingId}
          onConnect={(profile) => connect.mutate(profile.user.id)}
          onDelete={setToDelete}
        />
      </Sections>
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? salesforceTexts.deleteTitle(toDelete.user.settings.domain) : ''}
        text={salesforceTexts.deleteText}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </Page>
  );
}
