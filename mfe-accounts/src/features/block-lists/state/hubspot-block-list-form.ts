import * as z from '@outsync/contracts/zod';
import {
  CREATE_NEW_LIST_OPTION_ID,
  crmListObjectTypeIds,
  platformFacts,
  PlatformSchema,
  type Platform,
} from '@outsync/contracts';
import {
  BlockListTypeSchema,
  BlockTypeSchema,
  type BlockListType,
  type HubspotBlockListCreateRequest,
} from '@outsync/contracts/accounts';
import {
  blockListMessages,
  checkedFormSchema,
  checkTarget,
  isSocialPlatform,
  targetAfterPlatformChange,
  transitionOn,
  usesDomainForNonLatin,
  type BlockListFormContext,
  type FormCheck,
} from './block-list-rules';

/** The HUBSPOT block-list form's values (spec 02 §2.7), in its field order. */
export const HubspotBlockListFormSchema = z.object({
  listType: BlockListTypeSchema.nullable(),
  listId: z.string().nullable(),
  platform: PlatformSchema.nullable(),
  apiKeyId: z.string().nullable(),
  /** HeyReach: the contact properties that hold profile URLs. */
  profileUrlFieldNames: z.array(z.string()),
  /** HeyReach: the list to fill, or CREATE_NEW while a new one is being named. */
  heyReachListId: z.string().nullable(),
  /** HeyReach: the name of the list to create (never sent with the sync). */
  newListName: z.string(),
  blockType: BlockTypeSchema.nullable(),
  /** Smartlead: the client's id. */
  client: z.string().nullable(),
});
export type HubspotBlockListForm = z.infer<typeof HubspotBlockListFormSchema>;

export const emptyHubspotBlockListForm: HubspotBlockListForm = {
  listType: null,
  listId: null,
  platform: null,
  apiKeyId: null,
  profileUrlFieldNames: [],
  heyReachListId: null,
  newListName: '',
  blockType: null,
  client: null,
};

/** HubSpot's list object per list type: a contact list ("0-1") or a company list ("0-2"). */
export const listObjectTypeIds = {
  CONTACT_LIST: crmListObjectTypeIds.contacts,
  COMPANY_LIST: crmListObjectTypeIds.companies,
} as const satisfies Record<BlockListType, string>;

/** The list types a platform can read (HeyReach cannot use COMPANY_LIST, spec 02 §9). */
export function listTypesFor(platform: Platform | null): BlockListType[] {
  return platform === null || platformFacts[platform].companyLists
    ? ['CONTACT_LIST', 'COMPANY_LIST']
    : ['CONTACT_LIST'];
}

/** Spec 02 §5 "HUBSPOT block list", in order; then what is sent. */
export function checkHubspotBlockListForm(
  form: HubspotBlockListForm,
  context: BlockListFormContext,
): FormCheck<keyof HubspotBlockListForm, HubspotBlockListCreateRequest> {
  const { listType, listId } = form;
  if (listType === null)
    return { ok: false, field: 'listType', message: blockListMessages.listType };
  if (listId === null)
    return { ok: false, field: 'listId', message: blockListMessages.hubspotList };
  const target = checkTarget(form, context);
  if (!target.ok) return target;
  const social = isSocialPlatform(target.body.platform);
  if (social && form.profileUrlFieldNames.length === 0) {
    return {
      ok: false,
      field: 'profileUrlFieldNames',
      message: blockListMessages.profileUrlFields,
    };
  }
  const { heyReachListId } = form;
  if (social && (heyReachListId === null || heyReachListId === CREATE_NEW_LIST_OPTION_ID)) {
    return { ok: false, field: 'heyReachListId', message: blockListMessages.heyreachList };
  }
  const { apiKeyId, blockType, client } = target.body;
  return {
    ok: true,
    body: {
      crm: 'HUBSPOT',
      listType,
      listId,
      listName: context.listName(listId),
      apiKeyId,
      blockType,
      client,
      useDomainForNonLatin: usesDomainForNonLatin({ ...form, blockType }),
      profileUrlFieldNames: social ? form.profileUrlFieldNames : [],
      heyReachListId: social ? heyReachListId : null,
      userProfileId: context.userProfileId,
    },
  };
}

/** The form's checks as the schema `useZodForm` validates with; its output is the request. */
export function hubspotBlockListSchema(context: BlockListFormContext) {
  return checkedFormSchema(HubspotBlockListFormSchema, checkHubspotBlockListForm, context);
}

/** Spec 02 §4 "HUBSPOT block-list form": what one change does to the other fields. */
export const hubspotBlockListTransition = transitionOn<HubspotBlockListForm>({
  listType: afterListTypeChange,
  platform: afterPlatformChange,
  // Clients and HeyReach lists are the key's: another key has others.
  apiKeyId: (form) => ({ ...form, client: null, heyReachListId: null, newListName: '' }),
});

function afterListTypeChange(form: HubspotBlockListForm): HubspotBlockListForm {
  // The list source offers the lists of the chosen type: the old list is of the other one.
  const changed = { ...form, listId: null };
  // A company list blocks domains: the block type is DOMAIN and locked.
  if (form.listType === 'COMPANY_LIST') return { ...changed, blockType: 'DOMAIN' };
  return { ...changed, blockType: null };
}

function afterPlatformChange(form: HubspotBlockListForm): HubspotBlockListForm {
  const cleared = targetAfterPlatformChange({
    ...form,
    profileUrlFieldNames: [],
    heyReachListId: null,
    newListName: '',
  });
  if (form.listType !== null && !listTypesFor(form.platform).includes(form.listType)) {
    return { ...cleared, listType: null, listId: null, blockType: null };
  }
  return cleared;
}
