import { useState } from 'react';
import { crmDisplayNames, CrmKindSchema } from '@outsync/contracts';
import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { Page, Spinner } from '@outsync/ui';
import { Select } from '@outsync/ui/select';
import {
  IntegrationOption,
  NoIntegrations,
  ProfileFlagNote,
} from '@outsync/app-runtime/profile-select';
import { useUserIntegrations } from '../../../shared/api/get-user-integrations';
import { ScreenSection, Sections } from '../../../shared/components/screen-parts';
import { useBlockListSyncs } from '../api/get-block-list-syncs';
import { blockListFormTexts as t } from './block-list-form-texts';
import { BlockedListTable } from './blocked-list-table';
import { HubspotBlockListForm } from './hubspot-block-list-form';
import { SalesforceBlockListForm } from './salesforce-block-list-form';

/**
 * "{CRM name} Account:" names the CRMs of the user's profiles: one name, or both when the user
 * has profiles of both kinds (the chosen profile's form then says which).
 */
function accountLabel(integrations: readonly IntegrationItem[]): string {
  const kinds = CrmKindSchema.options.filter((kind) =>
    integrations.some((item) => item.user.profile === kind),
  );
  return t.account(kinds.map((kind) => crmDisplayNames[kind]).join(' / '));
}

/**
 * smartlead-block-list-view (spec 02 §2.7): "Add Block List" with the form of the chosen
 * profile's CRM, and the "Blocked List" table.
 */
export function BlockListsScreen({ title }: { title: string }) {
  const integrations = useUserIntegrations();
  const syncs = useBlockListSyncs();
  const [profileId, setProfileId] = useState<string | null>(null);
  const profiles = integrations.data ?? [];
  const chosen = profiles.find((item) => item.user.id === profileId) ?? null;

  return (
    <Page title={title}>
      <Sections>
        {integrations.isPending ? (
          <Spinner label={t.loadingIntegrations} />
        ) : profiles.length > 0 ? (
          <ScreenSection title={t.section}>
            <Select<IntegrationItem>
              label={accountLabel(profiles)}
              placeholder={t.accountPlaceholder}
              options={profiles}
              getOptionValue={(item) => item.user.id}
              getOptionLabel={integrationLabel}
              renderOption={IntegrationOption}
              value={chosen}
              onChange={(item) => setProfileId(item?.user.id ?? null)}
            />
            {chosen && !chosen.user.canBlockList ? (
              <ProfileFlagNote>{t.blockListsOff}</ProfileFlagNote>
            ) : null}
            {/* A new profile starts a new form. */}
            {chosen?.user.profile === 'HUBSPOT' ? (
              <HubspotBlockListForm key={chosen.user.id} userProfileId={chosen.user.id} />
            ) : null}
            {chosen?.user.profile === 'SALESFORCE' ? (
              <SalesforceBlockListForm key={chosen.user.id} userProfileId={chosen.user.id} />
            ) : null}
          </ScreenSection>
        ) : (
          <NoIntegrations then={t.thenAdd} />
        )}
        <BlockedListTable syncs={syncs.data ?? []} loading={syncs.isPending} />
      </Sections>
    </Page>
  );
}
