import * as z from '@outsync/contracts/zod';
import {
  ActivityEventTypeSchema,
  CrmKindSchema,
  LogTypeSchema,
  PlatformSchema,
  platformFromAnySpelling,
  type Platform,
} from '@outsync/contracts';
import {
  CrmOwnerSchema,
  CustomFieldObjectSchema,
  IdSchema,
  SalesforceObjectTypeSchema,
  shortText,
  UserAccountSchema,
} from '@outsync/contracts/accounts';

/**
 * How a contact is looked up (spec 01 §3). The first reading's spellings are the stored ones;
 * the second reading's (`alternative_property`, `optional_alternative_property`) are accepted
 * on input and read as the same methods.
 */
export const LookupMethodSchema = z.enum([
  'default',
  'AlternativeProperty',
  'OptionalAlternativeProperty',
]);
export type LookupMethod = z.infer<typeof LookupMethodSchema>;

const lookupMethodSpellings: Readonly<Record<string, LookupMethod>> = {
  default: 'default',
  alternativeproperty: 'AlternativeProperty',
  alternative_property: 'AlternativeProperty',
  optionalalternativeproperty: 'OptionalAlternativeProperty',
  optional_alternative_property: 'OptionalAlternativeProperty',
};

/** The lookup method a value names in either reading's spelling; undefined for anything else. */
export function lookupMethodFromAnySpelling(value: unknown): LookupMethod | undefined {
  if (typeof value !== 'string') return undefined;
  return lookupMethodSpellings[value.trim().toLowerCase()];
}

/** A CRM property or field name as a form sends it: blank means none. */
const PropertyNameInput = shortText(255).nullish();

/** {email?, profile_url?, os_objectlookup_id?}: each a CRM property name (spec 01 §3). */
export const OptionalAlternativePropertySchema = z.object({
  email: PropertyNameInput,
  profile_url: PropertyNameInput,
  os_objectlookup_id: PropertyNameInput,
});
export type OptionalAlternativeProperty = z.infer<typeof OptionalAlternativePropertySchema>;

/** A lead category chosen for the category-based filter: {id, name}. */
export const WebhookCategorySchema = z.object({ id: shortText(200), name: shortText(200) });
export type WebhookCategory = z.infer<typeof WebhookCategorySchema>;

/** An additional endpoint row as a form sends it; a row without an account is dropped on save. */
export const AdditionalEndpointInputSchema = z.object({
  userAccount: z.object({ id: IdSchema, description: shortText(500).optional() }).nullish(),
  eventTypes: z.array(ActivityEventTypeSchema).max(14).default([]),
});
export type AdditionalEndpointInput = z.input<typeof AdditionalEndpointInputSchema>;

/** "In forms an object {type, name}; in the stored webhook a type string" (spec 01 §3): both accepted. */
const EmailServiceInput = z
  .union([z.object({ type: z.string(), name: z.string().optional() }), z.string()])
  .nullish();

/** The platform an `emailService` input names; null when none or not one of the four. */
export function platformOfEmailService(
  value: { type: string; name?: string | undefined } | string | null | undefined,
): Platform | null {
  if (value === null || value === undefined) return null;
  return platformFromAnySpelling(typeof value === 'string' ? value : value.type) ?? null;
}

/**
 * The webhook's on/off settings, each declared once here: the requests take each as optional,
 * the stored webhook holds each, the forms hold them under the same names, the service stores
 * them (its model's fields are made from this list) and the CRM writers read them by name. A
 * new switch is a line here with its default, its checkbox on the form, and what the writer
 * does with it.
 */
export const WebhookSwitchesSchema = z.object({
  /** HUBSPOT "Create or update company"; off for the social tool (the save rules). */
  createOrUpdateCompany: z.boolean(),
  /** "Create or update task": a task for each event besides the e-mail activity. */
  createOrUpdateTask: z.boolean(),
  /** "Custom contact properties" / "Create custom fields"; its default depends on the CRM. */
  createContactCustomProperties: z.boolean(),
  assignCompanyOwner: z.boolean(),
  assignContactOwner: z.boolean(),
  /** SALESFORCE write mode "Update Only" (true) or "Upsert". */
  salesforceOnlyUpdate: z.boolean(),
});
export type WebhookSwitches = z.infer<typeof WebhookSwitchesSchema>;
export type WebhookSwitch = keyof WebhookSwitches;

/** Each switch's value when a form or request leaves it out (spec 01 §9 defaults). */
export const webhookSwitchDefaults: Readonly<WebhookSwitches> = {
  createOrUpdateCompany: true,
  createOrUpdateTask: false,
  // HUBSPOT's default; the rules and the create form take webhookDefaultsByCrm's per CRM.
  createContactCustomProperties: true,
  assignCompanyOwner: false,
  assignContactOwner: false,
  salesforceOnlyUpdate: false,
};

export const WEBHOOK_SWITCHES = Object.keys(WebhookSwitchesSchema.shape) as WebhookSwitch[];

/**
 * The switches of anything that carries them (a request, a form, a stored webhook), with the
 * defaults for those it lacks (a webhook stored before a switch existed).
 */
export function switchesOf(
  source: Partial<Record<WebhookSwitch, boolean | null | undefined>>,
  defaults: Readonly<WebhookSwitches> = webhookSwitchDefaults,
): WebhookSwitches {
  const switches = { ...defaults };
  for (const name of WEBHOOK_SWITCHES) switches[name] = source[name] ?? defaults[name];
  return switches;
}

/**
 * The settings both forms send (spec 01 §3 "Webhook"), before the save rules. Fields the rules
 * of §5 check are lenient here (nullable) so that a missing one is answered with the spec's
 * message by `webhookProblems`, not with a schema's generic one.
 */
export const WebhookSettingsInputSchema = z.object({
  emailService: EmailServiceInput,
  ...WebhookSwitchesSchema.partial().shape,
  apiKeyId: IdSchema.nullish(),
  smartleadBaseCategories: z.array(WebhookCategorySchema).max(100).nullish(),
  additionalEndpoints: z.array(AdditionalEndpointInputSchema).max(50).optional(),
  customTaskSubject: shortText(500).nullish(),
  logType: LogTypeSchema.optional(),
  salesforceObjectType: SalesforceObjectTypeSchema.nullish(),
  salesforceCustomFieldObjects: z.array(CustomFieldObjectSchema).max(2).nullish(),
  salesforceTaskType: shortText(255).nullish(),
  objectLookupMethod: shortText(60).nullish(),
  objectLookupIdField: PropertyNameInput,
  objectDefaultSearchProperty: PropertyNameInput,
  optionalAlternativeProperty: OptionalAlternativePropertySchema.nullish(),
});
export type WebhookSettingsInput = z.input<typeof WebhookSettingsInputSchema>;
export type WebhookSettingsParsed = z.output<typeof WebhookSettingsInputSchema>;

/** A generated webhook code: URL-safe base64, at least 128 random bits (see webhooks.service). */
export const WebhookCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,64}$/, { error: 'Generate a webhook URL first.' });

/** POST /api/admin/webhooks: the create form object (spec 01 §3, §7). */
export const WebhookCreateRequestSchema = WebhookSettingsInputSchema.extend({
  userProfileId: IdSchema,
  selectedOwner: CrmOwnerSchema.nullish(),
  code: WebhookCodeSchema,
});
export type WebhookCreateRequest = z.input<typeof WebhookCreateRequestSchema>;

/**
 * PUT /api/admin/webhooks/{id}: "the full webhook" (spec 01 §7). Only the settings are read;
 * owner, profile, code and URL cannot be changed by an update, whatever the body holds.
 */
export const WebhookUpdateRequestSchema = WebhookSettingsInputSchema;
export type WebhookUpdateRequest = z.input<typeof WebhookUpdateRequestSchema>;

/** The settings as stored, after the save rules (the service's and the forms' one shape). */
export const WebhookSettingsSchema = z.object({
  emailService: PlatformSchema,
  ...WebhookSwitchesSchema.shape,
  apiKeyId: IdSchema.nullable(),
  smartleadBaseCategories: z.array(WebhookCategorySchema).nullable(),
  customTaskSubject: z.string(),
  logType: LogTypeSchema,
  salesforceObjectType: SalesforceObjectTypeSchema,
  salesforceCustomFieldObjects: z.array(CustomFieldObjectSchema),
  salesforceTaskType: z.string().nullable(),
  objectLookupMethod: LookupMethodSchema,
  objectLookupIdField: z.string().nullable(),
  objectDefaultSearchProperty: z.string().nullable(),
  optionalAlternativeProperty: z
    .object({
      email: z.string().optional(),
      profile_url: z.string().optional(),
      os_objectlookup_id: z.string().optional(),
    })
    .nullable(),
  additionalEndpoints: z.array(
    z.object({ userAccountId: IdSchema, eventTypes: z.array(ActivityEventTypeSchema) }),
  ),
});
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>;

/** A stored webhook as the list, create and update answer it (spec 01 §3 "Webhook"). */
export const WebhookSchema = WebhookSettingsSchema.omit({ additionalEndpoints: true }).extend({
  id: IdSchema,
  userId: IdSchema.describe('The user who owns the profile.'),
  userProfileId: IdSchema,
  user: z.object({
    id: IdSchema,
    profile: CrmKindSchema,
    email: z.string().describe("The e-mail of the profile's owner ('Added by')."),
    organizationDomain: z.string(),
    organizationId: z.string(),
    settings: z.object({ domain: z.string() }),
    userAccounts: z.array(UserAccountSchema),
  }),
  selectedOwner: CrmOwnerSchema,
  ownerDetails: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  hubId: z.string(),
  hubspotOwnerId: z.string(),
  webhookUrl: z.string(),
  code: z.string(),
  createdAt: z.string().describe('ISO time.'),
  apiKey: z.object({ id: IdSchema, description: z.string() }).nullable(),
  userAccountWebhooks: z.array(
    z.object({
      userAccount: z.object({ id: IdSchema, description: z.string() }),
      eventTypes: z.array(ActivityEventTypeSchema),
    }),
  ),
  canUpdate: z.boolean().describe('The caller may update and delete it (owner or admin).'),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhooksResponseSchema = z.object({
  webhooks: z.array(WebhookSchema).describe("The caller's own webhooks ('Existing webhooks')."),
  allWebhooks: z
    .array(WebhookSchema)
    .describe(
      "'All webhooks': every webhook for managers and admins; for a customer, the webhooks on the CRM portals or orgs their own profiles connect.",
    ),
});
export type WebhooksResponse = z.infer<typeof WebhooksResponseSchema>;

export const WebhookDeleteResponseSchema = z.object({
  id: IdSchema,
  ownerDetails: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type WebhookDeleteResponse = z.infer<typeof WebhookDeleteResponseSchema>;

/** POST /api/admin/webhooks/generate answers the code as plain text (spec 01 §7). */
export const WebhookCodeResponseSchema = z.string();

/** The webhook URL the platform posts to: {host}/webhooks/{code} (spec 01 §2.7). */
export function webhookUrlOf(host: string, code: string): string {
  return `${host.replace(/\/+$/, '')}/webhooks/${code}`;
}
