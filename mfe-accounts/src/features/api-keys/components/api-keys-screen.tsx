import { useAtomValue } from 'jotai';
import { currentUserAtom } from '@outsync/app-runtime';
import { Page, Spinner } from '@outsync/ui';
import { NoIntegrations } from '@outsync/app-runtime/profile-select';
import { useUserIntegrations } from '../../../shared/api/get-user-integrations';
import { Sections } from '../../../shared/components/screen-parts';
import { useApiKeys } from '../api/get-api-keys';
import { AddApiKeyForm } from './add-api-key-form';
import { ApiKeysTable } from './api-keys-table';

/** The screen's texts (spec 02 §2.4, §8). */
export const apiKeysScreenTexts = {
  noIntegrations: "You don't have any integrations!",
  // Beyond the spec (issue 31): after "connect your CRM first".
  thenAdd: 'Then come back here to add the API keys of your platforms.',
  loadingIntegrations: 'Loading profiles',
  ownCaption: 'API Keys',
  allCaption: 'All API Keys',
} as const;

/**
 * api-key-view (spec 02 §2.4): the add form (when the user has integrations), the user's keys,
 * and every user's keys for managers and admins.
 */
export function ApiKeysScreen({ title }: { title: string }) {
  const user = useAtomValue(currentUserAtom);
  const integrations = useUserIntegrations();
  const apiKeys = useApiKeys();
  const mayListAll = user?.isManagerOrAdmin === true;

  return (
    <Page title={title}>
      <Sections>
        {integrations.isPending ? (
          <Spinner label={apiKeysScreenTexts.loadingIntegrations} />
        ) : integrations.data?.length ? (
          <AddApiKeyForm integrations={integrations.data} />
        ) : (
          <NoIntegrations then={apiKeysScreenTexts.thenAdd} />
        )}
        <ApiKeysTable
          caption={apiKeysScreenTexts.ownCaption}
          keys={apiKeys.data?.apiKeys ?? []}
          loading={apiKeys.isPending}
        />
        {mayListAll ? (
          <ApiKeysTable
            caption={apiKeysScreenTexts.allCaption}
            keys={apiKeys.data?.allApiKeys ?? []}
            loading={apiKeys.isPending}
            readOnly
          />
        ) : null}
      </Sections>
    </Page>
  );
}
