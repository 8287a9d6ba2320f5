import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { crmDisplayNames, platformDisplayName, PlatformSchema } from '@outsync/contracts';
import type { BlockListType, HubspotCrmList } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { SubmitButton, useZodForm } from '@outsync/ui/form';
import { Select } from '@outsync/ui/select';
import { validationToast } from '@outsync/app-runtime';
import { FieldGrid, FormActions, StackedForm } from '../../../shared/components/screen-parts';
import { useCreateHubspotBlockList } from '../api/create-hubspot-block-list';
import { useHubspotListSources } from '../api/get-hubspot-list-sources';
import { useProfileApiKeys } from '../api/get-profile-api-keys';
import { cachedClientCount } from '../api/get-smartlead-clients';
import {
  hasClientSelect,
  isSocialPlatform,
  usesDomainForNonLatin,
} from '../state/block-list-rules';
import {
  emptyHubspotBlockListForm,
  hubspotBlockListSchema,
  hubspotBlockListTransition,
  listObjectTypeIds,
  listTypesFor,
} from '../state/hubspot-block-list-form';
import { blockListFormTexts as t } from './block-list-form-texts';
import { HeyreachFields } from './heyreach-fields';
import {
  ApiKeyField,
  BlockTypeField,
  ClientField,
  NonLatinNote,
  PlatformField,
  useKeyClients,
} from './target-fields';

const crmName = crmDisplayNames.HUBSPOT;

/**
 * The HUBSPOT block-list form (spec 02 §2.7) for one profile: its fields in the spec's order,
 * the §4 transitions, the §5 checks as validation toasts, then Start Blocking.
 */
export function HubspotBlockListForm({ userProfileId }: { userProfileId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const lists = useHubspotListSources(userProfileId);
  const create = useCreateHubspotBlockList();
  const form = useZodForm({
    schema: hubspotBlockListSchema({
      userProfileId,
      listName: (listId) => lists.data?.find((list) => list.listId === listId)?.name ?? '',
      // Read at submit time: the clients of the key chosen then.
      clientCount: (apiKeyId) => cachedClientCount(queryClient, apiKeyId),
    }),
    defaultValues: emptyHubspotBlockListForm,
    transition: hubspotBlockListTransition,
    onInvalid: (_errors, message) => toast.show(validationToast(message)),
  });
  const { values, errors, setValue } = form;
  const apiKeys = useProfileApiKeys(userProfileId, values.platform);
  const clearApiKey = useCallback(() => setValue('apiKeyId', null), [setValue]);
  const clients = useKeyClients(values.platform, values.apiKeyId, clearApiKey);

  // The list source offers the lists of the chosen type (a sync reads one kind of object).
  const listsOfType = (lists.data ?? []).filter(
    (list) => values.listType === null || list.objectTypeId === listObjectTypeIds[values.listType],
  );

  return (
    <StackedForm
      noValidate
      onSubmit={form.handleSubmit(async (body) => {
        const created = await create.mutateAsync(body).catch(() => null);
        if (!created) return;
        toast.show({ severity: 'success', detail: t.started(created) });
        form.reset();
      })}
    >
      <FieldGrid>
        <Select<BlockListType>
          label={t.listType(crmName)}
          placeholder={t.listTypePlaceholder}
          options={listTypesFor(values.platform)}
          getOptionValue={(listType) => listType}
          getOptionLabel={(listType) => t.listTypes[listType]}
          value={values.listType}
          onChange={(listType) => setValue('listType', listType)}
          error={errors.listType}
        />
        <Select<HubspotCrmList>
          label={t.listSource(crmName)}
          placeholder={t.listSourcePlaceholder}
          searchable
          options={listsOfType}
          loading={lists.isPending}
          emptyText={t.listSourceEmpty}
          getOptionValue={(list) => list.listId}
          getOptionLabel={t.hubspotList}
          value={listsOfType.find((list) => list.listId === values.listId) ?? null}
          onChange={(list) => setValue('listId', list?.listId ?? null)}
          error={errors.listId}
        />
        <PlatformField
          platforms={PlatformSchema.options}
          value={values.platform}
          onChange={(platform) => setValue('platform', platform)}
          error={errors.platform}
        />
        <ApiKeyField
          label={t.apiKey(platformDisplayName(values.platform))}
          keys={values.platform === null ? [] : (apiKeys.data ?? [])}
          loading={apiKeys.isLoading}
          value={values.apiKeyId}
          onChange={(apiKeyId) => setValue('apiKeyId', apiKeyId)}
          error={errors.apiKeyId}
        />
        {isSocialPlatform(values.platform) ? (
          <HeyreachFields
            crmName={crmName}
            userProfileId={userProfileId}
            apiKeyId={values.apiKeyId}
            profileUrlFieldNames={values.profileUrlFieldNames}
            onProfileUrlFieldNamesChange={(names) => setValue('profileUrlFieldNames', names)}
            profileUrlFieldNamesError={errors.profileUrlFieldNames}
            heyReachListId={values.heyReachListId}
            onHeyReachListChange={(listId) => setValue('heyReachListId', listId)}
            heyReachListError={errors.heyReachListId}
            newListName={values.newListName}
            onNewListNameChange={(name) => setValue('newListName', name)}
          />
        ) : null}
        <BlockTypeField
          platform={values.platform}
          value={values.blockType}
          onChange={(blockType) => setValue('blockType', blockType)}
          // A company list blocks domains (spec 02 §4).
          disabled={values.listType === 'COMPANY_LIST'}
          error={errors.blockType}
        />
        {usesDomainForNonLatin(values) ? <NonLatinNote platform={values.platform} /> : null}
        {hasClientSelect(values.platform) ? (
          <ClientField
            platform={values.platform}
            clients={clients.data ?? []}
            loading={clients.isLoading}
            value={values.client}
            onChange={(client) => setValue('client', client)}
            error={errors.client}
          />
        ) : null}
      </FieldGrid>
      <FormActions>
        <SubmitButton busy={form.submitting}>{t.start}</SubmitButton>
      </FormActions>
    </StackedForm>
  );
}
