import * as z from '@outsync/contracts/zod';
import { CrmKindSchema, RoleSchema } from '@outsync/contracts';
import { IdSchema, isHttpUrl, shortText } from './common.schemas';

/** The three per-profile feature flags (spec 02 §3, §6). */
export const ProfileFlagsSchema = z.object({
  canWebhook: z.boolean().describe('"Webhooks": may use webhooks.'),
  canUserAccount: z.boolean().describe('"Additional Webhooks": may forward to extra endpoints.'),
  canBlockList: z.boolean().describe('"Block Lists": may run block-list syncs.'),
});
export type ProfileFlags = z.infer<typeof ProfileFlagsSchema>;

/** A connected CRM account (spec 02 §3 "User profile"). */
export const UserProfileSchema = ProfileFlagsSchema.extend({
  id: IdSchema,
  accountId: z
    .string()
    .describe('The CRM user id of the connection (HubSpot user id, Salesforce user id).'),
  organizationId: z.string().describe('HubSpot hub id or Salesforce org id ("Hub Id").'),
  profile: CrmKindSchema,
  email: z.string().describe('The CRM user e-mail of the connection.'),
  organizationDomain: z.string().describe('HubSpot hub domain or Salesforce instance host.'),
  role: RoleSchema.nullable().describe("The owning user's staff role; null for customers."),
  firstName: z.string(),
  lastName: z.string(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** GET /api/admin/hubspot/profiles (spec 02 §3 "HUBSPOT profiles response"). */
export const HubspotProfilesResponseSchema = z.object({
  auth0Profiles: z
    .array(z.object({ id: IdSchema, user: UserProfileSchema }))
    .describe("The signed-in user's own HubSpot connections."),
  organizationProfiles: z
    .array(UserProfileSchema)
    .describe("Other users' connections to the same HubSpot portals (read-only)."),
});
export type HubspotProfilesResponse = z.infer<typeof HubspotProfilesResponseSchema>;

/** check-connected-account: both absent when every connection works. */
export const ConnectedAccountCheckResponseSchema = z.object({
  title: z.string().optional(),
  message: z.string().optional(),
});
export type ConnectedAccountCheckResponse = z.infer<typeof ConnectedAccountCheckResponseSchema>;

export const AuthorizeUrlResponseSchema = z.object({
  url: z.string().describe('Where the browser goes to grant access; carries a single-use state.'),
});
export type AuthorizeUrlResponse = z.infer<typeof AuthorizeUrlResponseSchema>;

export const DeletedIdResponseSchema = z.object({ id: IdSchema });

/** A SALESFORCE connection (spec 02 §3): the consumer secret is never returned. */
export const SalesforceProfileSchema = z.object({
  id: IdSchema,
  user: z.object({
    id: IdSchema,
    settings: z.object({ domain: z.string(), consumer_key: z.string() }),
  }),
  isConnected: z.boolean().describe('The OAuth flow has completed and tokens are stored.'),
  connectedAs: z.string().nullable().describe('The Salesforce user e-mail once connected.'),
});
export type SalesforceProfile = z.infer<typeof SalesforceProfileSchema>;

/** Messages of the SALESFORCE profile form, in the order they are checked (spec 02 §5). */
export const salesforceProfileMessages = {
  domain: 'Domain is required',
  consumerKey: 'Consumer key is required',
  consumerSecret: 'Consumer secret is required',
  domainInvalid: 'Domain must be an address such as https://mycompany.my.salesforce.com',
} as const;

/**
 * The org domain as stored: trimmed, `https://` added when no scheme is given (spec 02 §5), no
 * trailing slash. A typed `http://` is kept (the sandbox runs on plain http); the service's
 * outbound guard decides which hosts it will call.
 */
export function normalizeSalesforceDomain(domain: string): string {
  const trimmed = domain.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const SalesforceProfileFormSchema = z.object({
  domain: shortText(300).default(''),
  consumer_key: shortText(300).default(''),
  consumer_secret: shortText(300).default(''),
});

/** The first problem of a SALESFORCE profile form in the spec's order, or undefined. */
export function salesforceProfileProblem(input: {
  domain?: string;
  consumer_key?: string;
  consumer_secret?: string;
}): { field: 'domain' | 'consumer_key' | 'consumer_secret'; message: string } | undefined {
  const domain = (input.domain ?? '').trim();
  if (domain === '') return { field: 'domain', message: salesforceProfileMessages.domain };
  if ((input.consumer_key ?? '').trim() === '')
    return { field: 'consumer_key', message: salesforceProfileMessages.consumerKey };
  if ((input.consumer_secret ?? '').trim() === '')
    return { field: 'consumer_secret', message: salesforceProfileMessages.consumerSecret };
  if (!isHttpUrl(normalizeSalesforceDomain(domain)))
    return { field: 'domain', message: salesforceProfileMessages.domainInvalid };
  return undefined;
}

/** POST /api/admin/salesforce/profiles: trimmed, domain normalised, checked in the spec's order. */
export const SalesforceProfileCreateRequestSchema = SalesforceProfileFormSchema.transform(
  (input, ctx) => {
    const problem = salesforceProfileProblem(input);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
      return z.NEVER;
    }
    return {
      domain: normalizeSalesforceDomain(input.domain),
      consumer_key: input.consumer_key.trim(),
      consumer_secret: input.consumer_secret.trim(),
    };
  },
);
export type SalesforceProfileCreateRequest = z.input<typeof SalesforceProfileCreateRequestSchema>;

export const SalesforceConnectCheckResponseSchema = z.object({
  ok: z.literal(true),
  authorizeUrl: z
    .string()
    .describe(
      '{domain}/services/oauth2/authorize with client_id, redirect_uri, response_type=code, prompt=login and a single-use state.',
    ),
});
export type SalesforceConnectCheckResponse = z.infer<typeof SalesforceConnectCheckResponseSchema>;

/** An entry of the "Select Profile" lists (spec 02 §3 "Integration item"). */
export const IntegrationItemSchema = z.object({
  user: ProfileFlagsSchema.extend({
    id: IdSchema,
    profile: CrmKindSchema,
    email: z.string(),
    organizationId: z.string(),
    organizationDomain: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type IntegrationItem = z.infer<typeof IntegrationItemSchema>;

/** "{profile} - {profile email} - {organizationId} {organizationDomain}" (spec 02 §2.4). */
export function integrationLabel(item: IntegrationItem): string {
  const { profile, email, organizationId, organizationDomain } = item.user;
  return `${profile} - ${email} - ${organizationId} ${organizationDomain}`;
}
