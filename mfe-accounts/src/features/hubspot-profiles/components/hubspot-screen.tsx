import { useState } from 'react';
import styled from 'styled-components';
import { crmDisplayNames } from '@outsync/contracts';
import type { UserProfile } from '@outsync/contracts/accounts';
import { Page, useToast, theme } from '@outsync/ui';
import { BusyButton } from '@outsync/ui/form';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import { useOAuthReturn } from '../../../shared/navigation/use-oauth-return';
import { MutedText, Sections } from '../../../shared/components/screen-parts';
import { useHubspotConnectedAccountCheck } from '../api/check-hubspot-connected-account';
import { useDeleteHubspotProfile } from '../api/delete-hubspot-profile';
import { useConnectHubspot } from '../api/get-hubspot-authorize-url';
import { useHubspotProfiles } from '../api/get-hubspot-profiles';
import { HubspotProfilesTable, type OwnProfileRow } from './hubspot-profiles-table';

const crmName = crmDisplayNames.HUBSPOT;

/** The HUBSPOT profiles screen's texts (spec 02 §2.2, §8; the lead line is ours). */
export const hubspotTexts = {
  lead: `Connect a ${crmName} account to sync activity into its portal.`,
  connect: `Connect ${crmName} Account`,
  profilesCaption: `${crmName} Profiles`,
  organizationCaption: `${crmName} Organization Profiles`,
  connected: `${crmName} account connected`,
  deleteTitle: (email: string) => `Do you want to delete ${email}?`,
  deleteText: 'This only deletes the User Profile.',
  deleted: 'Account deleted',
} as const;

/**
 * hubspot-view (spec 02 §2.2): checks the connections and loads the profiles on entry; Connect
 * goes through HubSpot's OAuth page and back here with `?connected=1` or `?error=…`.
 */
export function HubspotScreen({ title }: { title: string }) {
  useHubspotConnectedAccountCheck();
  useOAuthReturn(hubspotTexts.connected);
  const profiles = useHubspotProfiles();
  const connect = useConnectHubspot();
  const deleting = useDeleteHubspotProfile();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<OwnProfileRow | null>(null);

  const confirmDelete = async (row: OwnProfileRow) => {
    await deleting.mutateAsync(row.id);
    setToDelete(null);
    toast.show({ severity: 'success', detail: hubspotTexts.deleted });
  };

  return (
    <Page title={title}>
      <Sections>
        <Toolbar>
          <MutedText>{hubspotTexts.lead}</MutedText>
          <BusyButton
            // Busy until the browser has left for HubSpot.
            busy={connect.isPending || connect.isSuccess}
            onClick={() => connect.mutate()}
          >
            {hubspotTexts.connect}
          </BusyButton>
        </Toolbar>
        <HubspotProfilesTable
          caption={hubspotTexts.profilesCaption}
          rows={profiles.data?.auth0Profiles ?? []}
          getProfile={(row) => row.user}
          loading={profiles.isPending}
          onDelete={setToDelete}
        />
        <HubspotProfilesTable
          caption={hubspotTexts.organizationCaption}
          rows={profiles.data?.organizationProfiles ?? []}
          getProfile={(row: UserProfile) => row}
          loading={profiles.isPending}
        />
      </Sections>
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? hubspotTexts.deleteTitle(toDelete.user.email) : ''}
        text={hubspotTexts.deleteText}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </Page>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
`;
