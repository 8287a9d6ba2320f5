import { useCallback, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { CREATE_NEW_LIST_OPTION_ID, platformFacts } from '@outsync/contracts';
import {
  HeyreachListCreateRequestSchema,
  type CrmProperty,
  type HeyreachLeadList,
  type HeyreachListsResponse,
} from '@outsync/contracts/accounts';
import { useToast, theme } from '@outsync/ui';
import { BusyButton, TextField } from '@outsync/ui/form';
import { MultiSelect, OptionLines, Select } from '@outsync/ui/select';
import { validationToast } from '@outsync/app-runtime';
import { useAnswerToast } from '../../../shared/api/use-answer-toast';
import { createListFailed, useCreateHeyreachList } from '../api/create-heyreach-list';
import { useCrmProperties } from '../api/get-crm-properties';
import { useHeyreachLists } from '../api/get-heyreach-lists';
import { blockListMessages } from '../state/block-list-rules';
import { blockListFormTexts as t } from './block-list-form-texts';

const heyreachName = platformFacts.heyreach.displayName;

/** The option that reveals the new list's name and its Create button (spec 02 §9). */
const createNewOption: HeyreachLeadList = { id: CREATE_NEW_LIST_OPTION_ID, name: t.createNewList };

/**
 * The HUBSPOT form's HeyReach fields (spec 02 §2.7 item 5): the contact properties holding
 * profile URLs, and the HeyReach list to fill, which can be created here.
 */
export function HeyreachFields({
  crmName,
  userProfileId,
  apiKeyId,
  profileUrlFieldNames,
  onProfileUrlFieldNamesChange,
  profileUrlFieldNamesError,
  heyReachListId,
  onHeyReachListChange,
  heyReachListError,
  newListName,
  onNewListNameChange,
}: {
  crmName: string;
  userProfileId: string;
  apiKeyId: string | null;
  profileUrlFieldNames: readonly string[];
  onProfileUrlFieldNamesChange: (names: string[]) => void;
  profileUrlFieldNamesError?: string;
  heyReachListId: string | null;
  onHeyReachListChange: (listId: string | null) => void;
  heyReachListError?: string;
  newListName: string;
  onNewListNameChange: (name: string) => void;
}) {
  const toast = useToast();
  const properties = useCrmProperties(userProfileId);
  const lists = useHeyreachLists(apiKeyId);
  const createList = useCreateHeyreachList();
  useAnswerToast(
    lists,
    useCallback(
      (answer: HeyreachListsResponse) =>
        answer.success
          ? null
          : { severity: 'error', detail: answer.error ?? t.heyreachListsFailed },
      [],
    ),
  );

  const propertyOptions = properties.data ?? [];
  const chosenProperties = profileUrlFieldNames.map(
    (name) =>
      propertyOptions.find((property) => property.name === name) ?? {
        name,
        label: name,
        description: '',
      },
  );
  const listOptions = [...(lists.data?.lists ?? []), createNewOption];
  const creating = heyReachListId === CREATE_NEW_LIST_OPTION_ID;

  const create = async () => {
    if (apiKeyId === null) {
      toast.show(validationToast(blockListMessages.apiKey));
      return;
    }
    const request = HeyreachListCreateRequestSchema.safeParse({ listName: newListName });
    if (!request.success) {
      toast.show(validationToast(request.error.issues[0]?.message ?? ''));
      return;
    }
    const answer = await createList.mutateAsync({ apiKeyId, ...request.data }).catch(() => null);
    if (answer === null) return;
    if (!answer.success || answer.listId === null) {
      const detail = answer.error ? t.createListFailedWith(answer.error) : createListFailed;
      toast.show({ severity: 'error', detail });
      return;
    }
    onHeyReachListChange(answer.listId);
    onNewListNameChange('');
  };

  // Enter in the name creates the list; it does not submit the whole form.
  const createOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!createList.isPending) void create();
  };

  return (
    <>
      <MultiSelect<CrmProperty>
        label={t.socialProfileSource(crmName)}
        placeholder={t.socialProfilePlaceholder}
        options={propertyOptions}
        loading={properties.isPending}
        loadingText={t.propertiesLoading}
        emptyText={t.propertiesEmpty}
        getOptionValue={(property) => property.name}
        getOptionLabel={(property) => property.label}
        getOptionSearchText={(property) => `${property.name} ${property.description}`}
        renderOption={(property) => (
          <OptionLines
            primary={property.label}
            secondary={property.name}
            tertiary={property.description}
          />
        )}
        value={chosenProperties}
        onChange={(chosen) => onProfileUrlFieldNamesChange(chosen.map((property) => property.name))}
        error={profileUrlFieldNamesError}
      />
      <Select<HeyreachLeadList>
        label={t.listEndpoint(heyreachName)}
        placeholder={t.listEndpointPlaceholder}
        options={listOptions}
        loading={lists.isLoading}
        getOptionValue={(list) => list.id}
        getOptionLabel={(list) => list.name}
        value={listOptions.find((list) => list.id === heyReachListId) ?? null}
        onChange={(list) => onHeyReachListChange(list?.id ?? null)}
        error={heyReachListError}
      />
      {creating ? (
        <NewList>
          <TextField
            label={t.listName}
            value={newListName}
            onChange={(event) => onNewListNameChange(event.target.value)}
            onKeyDown={createOnEnter}
            autoComplete="off"
          />
          <BusyButton
            variant="secondary"
            busy={createList.isPending}
            busyLabel={t.creatingList}
            onClick={() => void create()}
          >
            {t.createList}
          </BusyButton>
        </NewList>
      ) : null}
    </>
  );
}

// The name and its button side by side, the button level with the input.
const NewList = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${theme.space(2)};
  & > :first-child {
    flex: 1;
    min-width: 0;
  }
`;
