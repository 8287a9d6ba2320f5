import { ErrorCodes, platformFacts, type CrmKind, type Platform } from '@outsync/contracts';
import type { CrmOwner, SuccessMessageResponse, UserAccount } from '@outsync/contracts/accounts';
import {
  applyWebhookSaveRules,
  firstBlockingProblem,
  taskTypeToCheck,
  webhookMessages,
  WebhooksErrorCodes,
  webhookUrlOf,
  type Webhook,
  type WebhookDeleteResponse,
  type WebhookFormKind,
  type WebhookSettings,
  type WebhookSettingsParsed,
  type WebhooksResponse,
} from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { ApiKeyModel } from '../api-keys';
import {
  isStaff,
  mayAccessProfile,
  requireProfile,
  type CustomFieldObject,
  type ProfileDoc,
  type ProfileModel,
} from '../profiles';
import type { WebhookCodes } from './webhook-code';
import type { WebhookDoc, WebhookModel } from './webhooks.model';

export { createWebhookCodes, type WebhookCodes } from './webhook-code';
export { webhookModel, type WebhookDoc, type WebhookModel } from './webhooks.model';

/** The create form's body, as the route's schema parsed it. */
export type WebhookCreateInput = WebhookSettingsParsed & {
  userProfileId: string;
  selectedOwner?: CrmOwner | null;
  code: string;
};

export type WebhooksServiceDeps = {
  webhooks: WebhookModel;
  profiles: ProfileModel;
  apiKeys: ApiKeyModel;
  codes: WebhookCodes;
  /** Where platforms reach the product: webhook URLs are `{publicUrl}/webhooks/{code}`. */
  publicUrl: string;
  now: () => Date;
  /** Sign-in e-mails of users by id (the users module's), for 'Added by'. */
  usersOf: (ids: string[]) => Promise<Map<string, { email: string }>>;
  /** The CRM's owners of a profile the caller may read (crm-data's, wired in app.ts). */
  crmOwners: (user: SessionUser, profileId: string, crm: CrmKind) => Promise<CrmOwner[]>;
  /** crm-data's task-type check against the org's Task picklist. */
  validateTaskType: (
    user: SessionUser,
    input: { userProfileId: string; taskType: string },
  ) => Promise<SuccessMessageResponse>;
  /** A profile's webhook endpoints as `viewer` sees them (the user-accounts module's). */
  userAccountsOfProfile: (profileId: string, viewer: SessionUser) => Promise<UserAccount[]>;
  /** The objects 'Create Fields' succeeded for on a profile (the profiles module's). */
  customFieldObjectsCreatedOf: (profileId: string) => Promise<CustomFieldObject[]>;
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;

export const webhookErrors = {
  notVisible: 'No such webhook, or it is not visible to you.',
  notOwner: "Only the webhook's owner or an admin can change it.",
  webhooksOff:
    'Webhooks are not enabled for this profile. Ask an admin to turn on Webhooks for it.',
  endpointsOff:
    'Additional endpoints are not enabled for this profile. Ask an admin to turn on Additional Webhooks for it.',
  codeNotYours: 'This webhook URL was not generated for you. Generate a new one.',
  codeTaken: 'This webhook URL is already in use. Generate a new one.',
  unknownEndpoint:
    "An additional endpoint is not one of this profile's webhook endpoints. Choose another account.",
  profileGone: "The webhook's profile no longer exists.",
} as const;

function unknownApiKeyMessage(platform: Platform): string {
  return `The API key is not one of this profile's ${platformFacts[platform].displayName} keys. Choose another.`;
}

type Access = 'write' | 'read' | 'none';

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * Webhooks (spec 01 §2.6–2.10): generated codes, create, list, update and delete on the profiles
 * a caller may use. Every rule of §4 and §5 comes from `@outsync/contracts/webhooks`: the service
 * checks with `webhookProblems` and stores what `applyWebhookSaveRules` returns, whatever the
 * client sent; what it adds is what only the server can know (the CRM's owners, the profile's
 * keys and endpoints, which custom fields were created, whether the code was generated for the
 * caller).
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const validation = (message: string) => new HttpError(400, ErrorCodes.validationError, message);
  const featureOff = (message: string) =>
    new HttpError(403, WebhooksErrorCodes.featureNotApproved, message);
  const codeUnavailable = (message: string) =>
    new HttpError(409, WebhooksErrorCodes.codeUnavailable, message);

  /** `CRM:organizationId` of a profile, or undefined while it has no org (never connected). */
  const portalOf = (profile: Pick<ProfileDoc, 'crm' | 'organizationId'>) =>
    profile.organizationId ? `${profile.crm}:${profile.organizationId}` : undefined;

  /** The caller's own profiles, and the CRM portals or orgs they connect. */
  async function scopeOf(user: SessionUser) {
    const own = await deps.profiles
      .find({ ownerId: user.id }, { _id: 1, crm: 1, organizationId: 1 })
      .lean<Pick<ProfileDoc, '_id' | 'crm' | 'organizationId'>[]>();
    const portals = new Map(
      own.flatMap((profile) => {
        const portal = portalOf(profile);
        return portal
          ? [[portal, { crm: profile.crm, organizationId: profile.organizationId }]]
          : [];
      }),
    );
    return { ownProfileIds: own.map((profile) => profile._id), portals };
  }

  /**
   * write: the owner or an admin; read: a manager, or a customer on the same CRM portal or org
   * as one of their own profiles ('All webhooks'); none: anyone else.
   */
  async function accessTo(
    user: SessionUser,
    doc: Pick<WebhookDoc, 'userId'>,
    profile: ProfileDoc | null,
  ): Promise<Access> {
    if (doc.userId.toString() === user.id || user.role === 'ADMIN') return 'write';
    if (isStaff(user)) return 'read';
    const portal = profile && portalOf(profile);
    return portal && (await scopeOf(user)).portals.has(portal) ? 'read' : 'none';
  }

  /** The webhook and its profile for a change: 404 when not visible, 403 when only visible. */
  async function requireWritable(user: SessionUser, webhookId: string) {
    const doc = Types.ObjectId.isValid(webhookId)
      ? await deps.webhooks.findById(webhookId).lean<WebhookDoc>()
      : null;
    const profile = doc ? await deps.profiles.findById(doc.userProfileId).lean<ProfileDoc>() : null;
    const access: Access = doc ? await accessTo(user, doc, profile) : 'none';
    if (!doc || access === 'none') throw notFound(webhookErrors.notVisible);
    if (access === 'read') throw new HttpError(403, ErrorCodes.forbidden, webhookErrors.notOwner);
    return { doc, profile };
  }

  /** SALESFORCE: 'Create Fields' succeeded on this profile for every object chosen. */
  async function customFieldsCreated(
    profile: ProfileDoc,
    input: WebhookSettingsParsed,
  ): Promise<boolean> {
    const wanted = input.salesforceCustomFieldObjects ?? [];
    if (profile.crm !== 'SALESFORCE' || wanted.length === 0) return false;
    const created = await deps.customFieldObjectsCreatedOf(profile._id.toString());
    return wanted.every((object) => created.includes(object));
  }

  /**
   * The checks both forms share, in the spec's order, then the save rules: the settings to
   * store. A profile without Webhooks is refused before anything is read from the body.
   */
  async function settle(
    profile: ProfileDoc,
    input: WebhookSettingsParsed & { selectedOwner?: CrmOwner | null },
    form: WebhookFormKind,
  ): Promise<WebhookSettings> {
    if (!profile.canWebhook) throw featureOff(webhookErrors.webhooksOff);
    const problem = firstBlockingProblem(input, {
      crm: profile.crm,
      form,
      customFieldsCreated: await customFieldsCreated(profile, input),
    });
    if (problem) throw validation(problem);
    return applyWebhookSaveRules(profile.crm, input);
  }

  /** What the settings point at must be the profile's own, and what the CRM must have. */
  async function checkReferences(
    user: SessionUser,
    profile: ProfileDoc,
    settings: WebhookSettings,
  ): Promise<void> {
    const profileId = profile._id.toString();
    if (settings.apiKeyId) {
      const key = await deps.apiKeys.exists({
        _id: settings.apiKeyId,
        userProfileId: profile._id,
        platform: settings.emailService,
      });
      if (!key) throw validation(unknownApiKeyMessage(settings.emailService));
    }
    if (settings.additionalEndpoints.length > 0) {
      if (!profile.canUserAccount) throw featureOff(webhookErrors.endpointsOff);
      const accounts = new Set(
        (await deps.userAccountsOfProfile(profileId, user)).map((account) => account.id),
      );
      if (settings.additionalEndpoints.some((row) => !accounts.has(row.userAccountId))) {
        throw validation(webhookErrors.unknownEndpoint);
      }
    }
    const taskType = taskTypeToCheck(profile.crm, settings);
    if (taskType) {
      const check = await deps.validateTaskType(user, { userProfileId: profileId, taskType });
      if (!check.success) throw validation(check.message);
    }
  }

  /** The chosen owner as the CRM lists it: HubSpot's by e-mail, Salesforce's by id (spec 01 §9). */
  async function resolveOwner(
    user: SessionUser,
    profile: ProfileDoc,
    chosen: CrmOwner,
  ): Promise<CrmOwner> {
    const owners = await deps.crmOwners(user, profile._id.toString(), profile.crm);
    let match: CrmOwner | undefined;
    if (profile.crm === 'HUBSPOT') {
      const email = chosen.email.trim().toLowerCase();
      const sameEmail = owners.filter(
        (owner) => email !== '' && owner.email.toLowerCase() === email,
      );
      match = sameEmail.find((owner) => owner.id === chosen.id) ?? sameEmail[0];
    } else {
      match = owners.find((owner) => owner.id === chosen.id);
    }
    if (!match) throw validation(webhookMessages.owner);
    return match;
  }

  async function requireUsableCode(user: SessionUser, code: string): Promise<void> {
    if (!deps.codes.wasGeneratedFor(code, user.id)) {
      throw codeUnavailable(webhookErrors.codeNotYours);
    }
    if (await deps.webhooks.exists({ code })) throw codeUnavailable(webhookErrors.codeTaken);
  }

  /** Each webhook as the caller sees it; webhooks whose profile is gone are left out. */
  async function present(docs: WebhookDoc[], user: SessionUser): Promise<Map<string, Webhook>> {
    const profileIds = unique(docs.map((doc) => doc.userProfileId.toString()));
    const keyIds = unique(docs.flatMap((doc) => (doc.apiKeyId ? [doc.apiKeyId.toString()] : [])));
    const [profiles, keys] = await Promise.all([
      deps.profiles.find({ _id: { $in: profileIds } }).lean<ProfileDoc[]>(),
      keyIds.length === 0
        ? []
        : deps.apiKeys
            .find({ _id: { $in: keyIds } }, { _id: 1, description: 1 })
            .lean<{ _id: Types.ObjectId; description: string }[]>(),
    ]);
    const profileById = new Map(profiles.map((profile) => [profile._id.toString(), profile]));
    const [owners, accountsByProfile] = await Promise.all([
      deps.usersOf(unique(profiles.map((profile) => profile.ownerId.toString()))),
      Promise.all(
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
      ).then((entries) => new Map(entries)),
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

  async function presentOne(doc: WebhookDoc, user: SessionUser): Promise<Webhook> {
    const view = (await present([doc], user)).get(doc._id.toString());
    if (!view) throw notFound(webhookErrors.profileGone);
    return view;
  }

  async function stored(id: Types.ObjectId): Promise<WebhookDoc> {
    const doc = await deps.webhooks.findById(id).lean<WebhookDoc>();
    if (!doc) throw notFound(webhookErrors.notVisible);
    return doc;
  }

  /** How a webhook is named where it blocks deleting something, e.g. `webhook "Ana Ruiz (Smartlead)"`. */
  function describe(docs: Pick<WebhookDoc, 'ownerDetails' | 'emailService'>[]): string[] {
    return docs.map((doc) => {
      const owner =
        `${doc.ownerDetails.firstName} ${doc.ownerDetails.lastName}`.trim() ||
        doc.ownerDetails.email;
      return `webhook "${owner} (${platformFacts[doc.emailService].displayName})"`;
    });
  }

  return {
    /** 'Existing webhooks' (the caller's own) and 'All webhooks', newest first. */
    async list(user: SessionUser): Promise<WebhooksResponse> {
      const scope = await scopeOf(user);
      const own = await deps.webhooks
        .find({ userProfileId: { $in: scope.ownProfileIds } })
        .sort(NEWEST_FIRST)
        .lean<WebhookDoc[]>();
      let all: WebhookDoc[];
      if (isStaff(user)) {
        all = await deps.webhooks.find({}).sort(NEWEST_FIRST).lean<WebhookDoc[]>();
      } else {
        // A customer sees the webhooks on the CRM portals or orgs their own profiles connect.
        const portals = [...scope.portals.values()];
        const sameOrg =
          portals.length === 0
            ? []
            : await deps.profiles
                .find({ $or: portals }, { _id: 1 })
                .lean<{ _id: Types.ObjectId }[]>();
        const ids = unique(
          [...scope.ownProfileIds, ...sameOrg.map((profile) => profile._id)].map(String),
        );
        all = await deps.webhooks
          .find({ userProfileId: { $in: ids } })
          .sort(NEWEST_FIRST)
          .lean<WebhookDoc[]>();
      }
      const views = await present(uniqueDocs([...own, ...all]), user);
      const viewsOf = (docs: WebhookDoc[]) =>
        docs.flatMap((doc) => views.get(doc._id.toString()) ?? []);
      return { webhooks: viewsOf(own), allWebhooks: viewsOf(all) };
    },

    /** A new code, signed for the caller; nothing is stored until a webhook is created with it. */
    generateCode(user: SessionUser): string {
      return deps.codes.generate(user.id);
    },

    async create(user: SessionUser, input: WebhookCreateInput): Promise<Webhook> {
      // The profiles the caller may pick: their own, and for managers and admins any.
      const profile = await requireProfile(deps.profiles, user, input.userProfileId, 'read');
      const settings = await settle(profile, input, 'create');
      await requireUsableCode(user, input.code);
      // webhookProblems has refused a create without an owner.
      const owner = await resolveOwner(user, profile, input.selectedOwner as CrmOwner);
      await checkReferences(user, profile, settings);
      const now = deps.now();
      let created: { _id: Types.ObjectId };
      try {
        created = await deps.webhooks.create({
          ...storedSettings(settings),
          userId: profile.ownerId,
          userProfileId: profile._id,
          createdBy: new Types.ObjectId(user.id),
          code: input.code,
          selectedOwner: owner,
          ownerDetails: {
            firstName: owner.firstName,
            lastName: owner.lastName,
            email: owner.email,
          },
          hubId: profile.organizationId,
          hubspotOwnerId: owner.id,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Two creates with one code raced: the unique index let one through.
        if ((error as { code?: unknown }).code === 11000) {
          throw codeUnavailable(webhookErrors.codeTaken);
        }
        throw error;
      }
      return presentOne(await stored(created._id), user);
    },

    /** The settings only: owner, profile, code and URL stay whatever the body holds. */
    async update(
      user: SessionUser,
      webhookId: string,
      input: WebhookSettingsParsed,
    ): Promise<Webhook> {
      const { doc, profile } = await requireWritable(user, webhookId);
      if (!profile) throw notFound(webhookErrors.profileGone);
      const settings = await settle(profile, input, 'update');
      await checkReferences(user, profile, settings);
      await deps.webhooks.updateOne(
        { _id: doc._id },
        { $set: { ...storedSettings(settings), updatedAt: deps.now() } },
      );
      return presentOne(await stored(doc._id), user);
    },

    /** Owner or admin; its URL stops accepting events. */
    async remove(user: SessionUser, webhookId: string): Promise<WebhookDeleteResponse> {
      const { doc } = await requireWritable(user, webhookId);
      await deps.webhooks.deleteOne({ _id: doc._id });
      return {
        id: doc._id.toString(),
        ownerDetails: {
          firstName: doc.ownerDetails.firstName,
          lastName: doc.ownerDetails.lastName,
        },
      };
    },

    /** Webhooks filtering by the key's categories: deleting the key is refused while any do. */
    async describeUsageOfKey(keyId: string): Promise<string[]> {
      if (!Types.ObjectId.isValid(keyId)) return [];
      return describe(
        await deps.webhooks
          .find({ apiKeyId: keyId }, { ownerDetails: 1, emailService: 1 })
          .sort({ createdAt: 1, _id: 1 })
          .lean<WebhookDoc[]>(),
      );
    },

    /** Webhooks forwarding to the endpoint. */
    async describeUsageOfEndpoint(endpointId: string): Promise<string[]> {
      if (!Types.ObjectId.isValid(endpointId)) return [];
      return describe(
        await deps.webhooks
          .find(
            { 'additionalEndpoints.userAccountId': endpointId },
            { ownerDetails: 1, emailService: 1 },
          )
          .sort({ createdAt: 1, _id: 1 })
          .lean<WebhookDoc[]>(),
      );
    },

    /**
     * The webhook a platform posts to (`/webhooks/{code}`), for the receiver; null for a code no
     * webhook has. No caller to check: the code itself is the credential.
     */
    async webhookForCode(code: string): Promise<(WebhookDoc & { webhookUrl: string }) | null> {
      if (code.length === 0 || code.length > 200) return null;
      const doc = await deps.webhooks.findOne({ code }).lean<WebhookDoc>();
      return doc ? { ...doc, webhookUrl: webhookUrlOf(deps.publicUrl, doc.code) } : null;
    },

    /** A webhook by id for work no signed-in user asks for (the sync); null when it is gone. */
    async webhookById(webhookId: string): Promise<(WebhookDoc & { webhookUrl: string }) | null> {
      if (!Types.ObjectId.isValid(webhookId)) return null;
      const doc = await deps.webhooks.findById(webhookId).lean<WebhookDoc>();
      return doc ? { ...doc, webhookUrl: webhookUrlOf(deps.publicUrl, doc.code) } : null;
    },

    /** What of a profile's would block deleting it, e.g. `['2 webhooks']`. */
    async describeUsageOfProfile(profileId: string): Promise<string[]> {
      if (!Types.ObjectId.isValid(profileId)) return [];
      const count = await deps.webhooks.countDocuments({ userProfileId: profileId });
      return count === 0 ? [] : [`${count} ${count === 1 ? 'webhook' : 'webhooks'}`];
    },
  };
}

/** The settings as the model stores them: ids as ObjectIds. */
function storedSettings(settings: WebhookSettings) {
  const { apiKeyId, additionalEndpoints, ...rest } = settings;
  return {
    ...rest,
    apiKeyId: apiKeyId ? new Types.ObjectId(apiKeyId) : null,
    additionalEndpoints: additionalEndpoints.map((row) => ({
      userAccountId: new Types.ObjectId(row.userAccountId),
      eventTypes: row.eventTypes,
    })),
  };
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
    createOrUpdateCompany: doc.createOrUpdateCompany,
    createOrUpdateTask: doc.createOrUpdateTask,
    createContactCustomProperties: doc.createContactCustomProperties,
    assignCompanyOwner: doc.assignCompanyOwner,
    assignContactOwner: doc.assignContactOwner,
    apiKeyId: doc.apiKeyId?.toString() ?? null,
    apiKey: context.apiKey,
    smartleadBaseCategories:
      doc.smartleadBaseCategories?.map(({ id, name }) => ({ id, name })) ?? null,
    customTaskSubject: doc.customTaskSubject,
    logType: doc.logType,
    salesforceObjectType: doc.salesforceObjectType,
    salesforceOnlyUpdate: doc.salesforceOnlyUpdate,
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
