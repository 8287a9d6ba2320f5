import type { UserAccount } from '@outsync/contracts/accounts';
import {
  switchesOf,
  webhookUrlOf,
  type Webhook,
  type WebhookSettings,
  type WebhooksResponse,
} from '@outsync/contracts/webhooks';
import { notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import { isStaff, mayAccessProfile, type ProfileDoc } from '../profiles';
import { scopeOf } from './webhook-access';
import { webhookErrors } from './webhook-errors';
import type { WebhookDoc } from './webhooks.model';
import type { WebhooksServiceDeps } from './webhooks-service.types';

// Webhooks as a caller reads them: the two lists and one webhook, with what each view joins in
// (the profile, its owner's e-mail, its endpoints, the key's description).

export type WebhookViewDeps = Pick<
  WebhooksServiceDeps,
  'webhooks' | 'profiles' | 'apiKeys' | 'publicUrl' | 'usersOf' | 'userAccountsOfProfile'
>;

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** 'Existing webhooks' (the caller's own) and 'All webhooks', newest first. */
export async function listWebhooks(
  deps: WebhookViewDeps,
  user: SessionUser,
): Promise<WebhooksResponse> {
  const scope = await scopeOf(deps, user);
  const own = await deps.webhooks
    .find({ userProfileId: { $in: scope.ownProfileIds } })
    .sort(NEWEST_FIRST)
    .lean<WebhookDoc[]>();
  let all: WebhookDoc[];
  if (isStaff(user)) {
    all = await deps.webhooks.find({}).sort(NEWEST_FIRST).lean<WebhookDoc[]>();
  } else {
    // A customer sees the webhooks on the CRM portals or orgs their own profiles connect.
    const sameOrg = await deps.profiles.idsOnPortals([...scope.portals.values()]);
    const ids = unique([...scope.ownProfileIds, ...sameOrg].map(String));
    all = await deps.webhooks
      .find({ userProfileId: { $in: ids } })
      .sort(NEWEST_FIRST)
      .lean<WebhookDoc[]>();
  }
  const views = await presentWebhooks(deps, uniqueDocs([...own, ...all]), user);
  const viewsOf = (docs: WebhookDoc[]) =>
    docs.flatMap((doc) => views.get(doc._id.toString()) ?? []);
  return { webhooks: viewsOf(own), allWebhooks: viewsOf(all) };
}

/** One webhook as the caller sees it; 404 when its profile is gone. */
export async function presentWebhook(
  deps: WebhookViewDeps,
  doc: WebhookDoc,
  user: SessionUser,
): Promise<Webhook> {
  const view = (await presentWebhooks(deps, [doc], user)).get(doc._id.toString());
  if (!view) throw notFound(webhookErrors.profileGone);
  return view;
}

/** Each webhook as the caller sees it; webhooks whose profile is gone are left out. */
async function presentWebhooks(
  deps: WebhookViewDeps,
  docs: WebhookDoc[],
  user: SessionUser,
): Promise<Map<string, Webhook>> {
  const profileIds = unique(docs.map((doc) => doc.userProfileId.toString()));
  const keyIds = unique(docs.flatMap((doc) => (doc.apiKeyId ? [doc.apiKeyId.toString()] : [])));
  const [profiles, keys] = await Promise.all([
    deps.profiles.findByIds(profileIds),
    keyIds.length === 0 ? [] : deps.apiKeys.descriptionsOf(keyIds),
  ]);
  const profileById = new Map(profiles.map((profile) => [profile._id.toString(), profile]));
  const [owners, accountsByProfile] = await Promise.all([
    deps.usersOf(unique(profiles.map((profile) => profile.ownerId.toString()))),
    endpointsByProfile(deps, profiles, user),
  ]);
  const keyById = new Map(keys.map((key) => [key._id.toString(), key.description]));

  const views = new Map<string, Webhook>();
  for (const doc of docs) {
    const profile = profileById.get(doc.userProfileId.toString());
    if (!profile) continue;
    const apiKeyId = doc.apiKeyId?.toString() ?? null;
    const description = apiKeyId ? keyById.get(apiKeyId) : undefined;
    views.set(
      doc._id.toString(),
      toWebhook(doc, {
        profile,
        ownerEmail: owners.get(profile.ownerId.toString())?.email ?? '',
        userAccounts: accountsByProfile.get(profile._id.toString()) ?? [],
        apiKey: apiKeyId && description !== undefined ? { id: apiKeyId, description } : null,
        webhookUrl: webhookUrlOf(deps.publicUrl, doc.code),
        canUpdate: doc.userId.toString() === user.id || user.role === 'ADMIN',
      }),
    );
  }
  return views;
}

/** Each profile's endpoints as `user` sees them, by profile id. */
async function endpointsByProfile(
  deps: Pick<WebhookViewDeps, 'userAccountsOfProfile'>,
  profiles: ProfileDoc[],
  user: SessionUser,
): Promise<Map<string, UserAccount[]>> {
  const entries = await Promise.all(
    profiles.map(
      async (profile) =>
        [
          profile._id.toString(),
          endpointsAsSeenBy(
            user,
            profile,
            await deps.userAccountsOfProfile(profile._id.toString(), user),
          ),
        ] as const,
    ),
  );
  return new Map(entries);
}

type Presentation = {
  profile: ProfileDoc;
  ownerEmail: string;
  userAccounts: UserAccount[];
  apiKey: Webhook['apiKey'];
  webhookUrl: string;
  canUpdate: boolean;
};

function toWebhook(doc: WebhookDoc, context: Presentation): Webhook {
  const { profile, userAccounts } = context;
  const descriptionOf = new Map(userAccounts.map((account) => [account.id, account.description]));
  return {
    id: doc._id.toString(),
    userId: doc.userId.toString(),
    userProfileId: doc.userProfileId.toString(),
    user: {
      id: profile._id.toString(),
      profile: profile.crm,
      email: context.ownerEmail,
      organizationDomain: profile.organizationDomain,
      organizationId: profile.organizationId,
      settings: {
        domain:
          profile.crm === 'SALESFORCE'
            ? (profile.salesforce?.domain ?? profile.organizationDomain)
            : profile.organizationDomain,
      },
      userAccounts,
    },
    selectedOwner: {
      id: doc.selectedOwner.id,
      firstName: doc.selectedOwner.firstName,
      lastName: doc.selectedOwner.lastName,
      email: doc.selectedOwner.email,
      name: doc.selectedOwner.name,
    },
    ownerDetails: {
      firstName: doc.ownerDetails.firstName,
      lastName: doc.ownerDetails.lastName,
      email: doc.ownerDetails.email,
    },
    hubId: doc.hubId,
    hubspotOwnerId: doc.hubspotOwnerId,
    webhookUrl: context.webhookUrl,
    code: doc.code,
    createdAt: doc.createdAt.toISOString(),
    emailService: doc.emailService,
    // A webhook stored before a switch existed reads as that switch's default.
    ...switchesOf(doc),
    apiKeyId: doc.apiKeyId?.toString() ?? null,
    apiKey: context.apiKey,
    smartleadBaseCategories:
      doc.smartleadBaseCategories?.map(({ id, name }) => ({ id, name })) ?? null,
    customTaskSubject: doc.customTaskSubject,
    logType: doc.logType,
    salesforceObjectType: doc.salesforceObjectType,
    salesforceCustomFieldObjects: [...doc.salesforceCustomFieldObjects],
    salesforceTaskType: doc.salesforceTaskType,
    objectLookupMethod: doc.objectLookupMethod,
    objectLookupIdField: doc.objectLookupIdField,
    objectDefaultSearchProperty: doc.objectDefaultSearchProperty,
    optionalAlternativeProperty: doc.optionalAlternativeProperty
      ? withoutEmptyKeys(doc.optionalAlternativeProperty)
      : null,
    // A row whose endpoint is gone forwards nowhere: it is not shown.
    userAccountWebhooks: doc.additionalEndpoints.flatMap((row) => {
      const id = row.userAccountId.toString();
      const description = descriptionOf.get(id);
      return description === undefined
        ? []
        : [{ userAccount: { id, description }, eventTypes: [...row.eventTypes] }];
    }),
    canUpdate: context.canUpdate,
  };
}

/**
 * A profile's endpoints as `viewer` sees them on a webhook: a customer looking at another
 * customer's webhook on the same portal gets the descriptions, not the URLs (an endpoint URL is
 * often a bearer capability, such as an automation tool's catch hook).
 */
function endpointsAsSeenBy(
  viewer: SessionUser,
  profile: ProfileDoc,
  accounts: UserAccount[],
): UserAccount[] {
  if (mayAccessProfile(viewer, profile, 'read')) return accounts;
  return accounts.map((account) => ({ ...account, url: '', canDelete: false }));
}

function withoutEmptyKeys(
  value: NonNullable<WebhookSettings['optionalAlternativeProperty']>,
): NonNullable<WebhookSettings['optionalAlternativeProperty']> {
  const kept: NonNullable<WebhookSettings['optionalAlternativeProperty']> = {};
  for (const key of ['email', 'profile_url', 'os_objectlookup_id'] as const) {
    const property = value[key];
    if (typeof property === 'string' && property !== '') kept[key] = property;
  }
  return kept;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function uniqueDocs(docs: WebhookDoc[]): WebhookDoc[] {
  const seen = new Map<string, WebhookDoc>();
  for (const doc of docs) seen.set(doc._id.toString(), doc);
  return [...seen.values()];
}
