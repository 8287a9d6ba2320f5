import * as z from '@outsync/contracts/zod';
import { PlatformSchema } from '@outsync/contracts';
import {
  BlockTypeSchema,
  type SalesforceBlockListCreateRequest,
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

/** The SALESFORCE block-list form's values (spec 02 §2.7), in its field order. */
export const SalesforceBlockListFormSchema = z.object({
  /** The report's Id. */
  listIdentifier: z.string().nullable(),
  /** The report's columns to read. */
  fields: z.array(z.string()),
  platform: PlatformSchema.nullable(),
  apiKeyId: z.string().nullable(),
  blockType: BlockTypeSchema.nullable(),
  /** Smartlead: the client's id. */
  client: z.string().nullable(),
});
export type SalesforceBlockListForm = z.infer<typeof SalesforceBlockListFormSchema>;

export const emptySalesforceBlockListForm: SalesforceBlockListForm = {
  listIdentifier: null,
  fields: [],
  platform: null,
  apiKeyId: null,
  blockType: null,
  client: null,
};

/** Spec 02 §5 "SALESFORCE block list", in order; then what is sent. */
export function checkSalesforceBlockListForm(
  form: SalesforceBlockListForm,
  context: BlockListFormContext,
): FormCheck<keyof SalesforceBlockListForm, SalesforceBlockListCreateRequest> {
  const { listIdentifier, fields } = form;
  if (listIdentifier === null) {
    return { ok: false, field: 'listIdentifier', message: blockListMessages.salesforceList };
  }
  if (fields.length === 0) return { ok: false, field: 'fields', message: blockListMessages.fields };
  const target = checkTarget(form, context);
  if (!target.ok) return target;
  const { apiKeyId, blockType, client } = target.body;
  return {
    ok: true,
    body: {
      crm: 'SALESFORCE',
      listIdentifier,
      listName: context.listName(listIdentifier),
      apiKeyId,
      blockType,
      client,
      fields,
      // A report is read as a contact list.
      useDomainForNonLatin: usesDomainForNonLatin({ ...form, listType: 'CONTACT_LIST' }),
      userProfileId: context.userProfileId,
    },
  };
}

/** The form's checks as the schema `useZodForm` validates with; its output is the request. */
export function salesforceBlockListSchema(context: BlockListFormContext) {
  return checkedFormSchema(SalesforceBlockListFormSchema, checkSalesforceBlockListForm, context);
}

/** Spec 02 §4 "SALESFORCE block-list form": what one change does to the other fields. */
export const salesforceBlockListTransition = transitionOn<SalesforceBlockListForm>({
  // Another report has other fields.
  listIdentifier: (form) => ({ ...form, fields: [] }),
  platform: (form) => {
    const cleared = targetAfterPlatformChange(form);
    return isSocialPlatform(form.platform) ? { ...cleared, blockType: null } : cleared;
  },
  // Clients are the key's: another key has others.
  apiKeyId: (form) => ({ ...form, client: null }),
});
