import { crmDisplayNames, platformDisplayName, PlatformSchema } from '@outsync/contracts';
import type { BlockListType, HubspotCrmList } from '@outsync/contracts/accounts';
import { Select } from '@outsync/ui/select';
import { useCreateHubspotBlockList } from '../api/create-hubspot-block-list';
import { useHubspotListSources } from '../api/get-hubspot-list-sources';
import { isSocialPlatform } from '../state/block-list-rules';
import {
  emptyHubspotBlockListForm,
  hubspotBlockListSchema,
  hubspotBlockListTransition,
  listObjectTypeIds,
  listTypesFor,
} from '../state/hubspot-block-list-form';
import { BlockListForm, useBlockListForm } from './block-list-form';
import { blockListFormTexts as t } from './block-list-form-texts';
import { HeyreachFields } from './heyreach-fields';

const crmName = crmDisplayNames.HUBSPOT;

/**
 * The HUBSPOT block-list form (spec 02 §2.7) for one profile: a list type and a list of that
 * type, every platform (HeyReach with its own fields), keys named by their platform.
 */
export function HubspotBlockListForm({ userProfileId }: { userProfileId: string }) {
  const lists = useHubspotListSources(userProfileId);
  const form = useBlockListForm({
    userProfileId,
    schema: hubspotBlockListSchema,
    defaultValues: emptyHubspotBlockListForm,
    transition: hubspotBlockListTransition,
    listName: (listId) => lists.data?.find((list) => list.listId === listId)?.name ?? '',
    create: useCreateHubspotBlockList(),
  });
  const { values, errors, setValue } = form;

  // The list source offers the lists of the chosen type (a sync reads one kind of object).
  const listsOfType = (lists.data ?? []).filter(
    (list) => values.listType === null || list.objectTypeId === listObjectTypeIds[values.listType],
  );

  return (
    <BlockListForm
      form={form}
      userProfileId={userProfileId}
      listFields={
        <>
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
        </>
      }
      listType={values.listType}
      platforms={PlatformSchema.options}
      apiKeyLabel={t.apiKey(platformDisplayName(values.platform))}
      socialFields={
        isSocialPlatform(values.platform) ? (
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
        ) : null
      }
    />
  );
}
