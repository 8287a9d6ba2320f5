import * as z from '@outsync/contracts/zod';
import { IdSchema, shortText } from './common.schemas';

// The lists the block-list forms pick from (spec 02 §2.7, §3 "Helper lists", §7 "Block-list
// helpers"): a HubSpot portal's lists, a Salesforce org's reports and their columns, a Smartlead
// key's clients, a HeyReach key's lists.

/** HubSpot's object type ids of the lists a block list can read: contacts and companies. */
export const HubspotListObjectTypeIdSchema = z
  .enum(['0-1', '0-2'])
  .describe('`0-1` a contact list, `0-2` a company list.');
export type HubspotListObjectTypeId = z.infer<typeof HubspotListObjectTypeIdSchema>;

export const HubspotCrmListSchema = z.object({
  listId: z.string().describe("The list's ILS (v3) id."),
  name: z.string(),
  objectTypeId: HubspotListObjectTypeIdSchema,
  additionalProperties: z.object({
    hs_list_size: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe('Members now; null when HubSpot does not say.'),
  }),
});
export type HubspotCrmList = z.infer<typeof HubspotCrmListSchema>;
export const HubspotCrmListsResponseSchema = z.array(HubspotCrmListSchema);

/** A Salesforce report, the SALESFORCE form's list source. */
export const SalesforceListSchema = z.object({ Id: z.string(), Name: z.string() });
export type SalesforceList = z.infer<typeof SalesforceListSchema>;
export const SalesforceListsResponseSchema = z.array(SalesforceListSchema);

/** Salesforce record ids: 15 or 18 letters and digits; anything else never reaches Salesforce. */
export const SalesforceReportIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/, {
    error: 'Expected a Salesforce report id (15 or 18 letters and digits).',
  })
  .describe('A Salesforce report id.');

export const SalesforceReportFieldsParamsSchema = z.object({
  userProfileId: IdSchema,
  listId: SalesforceReportIdSchema,
});
/** The report's detail columns, by API name (`EMAIL`, `ACCOUNT.NAME`), in the report's order. */
export const SalesforceReportFieldsResponseSchema = z.array(z.string());

export const ApiKeyIdParamsSchema = z.object({ apiKeyId: IdSchema });

/** An agency's client in Smartlead ("{id} {name} {client email}"). */
export const PlatformClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type PlatformClient = z.infer<typeof PlatformClientSchema>;
export const PlatformClientsResponseSchema = z.array(PlatformClientSchema);

/** A HeyReach lead list a HUBSPOT block list can fill. */
export const HeyreachLeadListSchema = z.object({ id: z.string(), name: z.string() });
export type HeyreachLeadList = z.infer<typeof HeyreachLeadListSchema>;

/** `success` false with HeyReach's failure in `error` when it could not be read. */
export const HeyreachListsResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  lists: z.array(HeyreachLeadListSchema),
});
export type HeyreachListsResponse = z.infer<typeof HeyreachListsResponseSchema>;

export const HeyreachListCreateRequestSchema = z.object({
  listName: shortText(255).trim().min(1, { error: 'Enter List Name' }),
});
export type HeyreachListCreateRequest = z.infer<typeof HeyreachListCreateRequestSchema>;

/** `success` false with HeyReach's reason in `error` ("Failed to create list: {error}"). */
export const HeyreachListCreateResponseSchema = z.object({
  success: z.boolean(),
  listId: z.string().nullable(),
  error: z.string().nullable(),
});
export type HeyreachListCreateResponse = z.infer<typeof HeyreachListCreateResponseSchema>;
