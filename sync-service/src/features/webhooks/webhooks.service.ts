import type { CrmOwner } from '@outsync/contracts/accounts';
import {
  webhookUrlOf,
  type Webhook,
  type WebhookCategory,
  type WebhookDeleteResponse,
  type WebhookSettingsParsed,
} from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import { markActedOn } from '../../platform/http/audit-context';
import { notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import { requireWritable, webhookTarget } from './webhook-access';
import { codeUnavailable, webhookErrors } from './webhook-errors';
import {
  checkReferences,
  requireUsableCode,
  resolveOwner,
  settle,
  storedSettings,
} from './webhook-save-rules';
import {
  describeUsageOfEndpoint,
  describeUsageOfKey,
  describeUsageOfProfile,
} from './webhook-usage';
import { listWebhooks, presentWebhook } from './webhook-views';
import type { WebhookDoc } from './webhooks.model';
import type { WebhookCreateInput, WebhooksServiceDeps } from './webhooks-service.types';
import { requirePreviewable, unsavedCreate, unsavedUpdate } from './webhook-unsaved';

export { createWebhookCodes, type WebhookCodes } from './webhook-code';
export { webhookErrors } from './webhook-errors';
export { webhookModel, type WebhookDoc, type WebhookModel } from './webhooks.model';
export type { WebhookCreateInput, WebhooksServiceDeps } from './webhooks-service.types';

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * Webhooks (spec 01 §2.6–2.10): generated codes, create, list, update and delete on the profiles
 * a caller may use. Every rule of §4 and §5 comes from `@outsync/contracts/webhooks`: the service
 * checks with `webhookProblems` and stores what `applyWebhookSaveRules` returns, whatever the
 * client sent; what it adds is what only the server can know (the CRM's owners, the profile's
 * keys and endpoints, which custom fields were created, whether the code was generated for the
 * caller).
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  return {
    /** 'Existing webhooks' (the caller's own) and 'All webhooks', newest first. */
    list: (user: SessionUser) => listWebhooks(deps, user),

    /** A new code, signed for the caller; nothing is stored until a webhook is created with it. */
    generateCode(user: SessionUser): string {
      return deps.codes.generate(user.id);
    },

    create: (user: SessionUser, input: WebhookCreateInput) => createWebhook(deps, user, input),

    /** The settings only: owner, profile, code and URL stay whatever the body holds. */
    update: (user: SessionUser, webhookId: string, input: WebhookSettingsParsed) =>
      updateWebhook(deps, user, webhookId, input),

    /** Owner or admin; its URL stops accepting events. */
    remove: (user: SessionUser, webhookId: string) => removeWebhook(deps, user, webhookId),

    /** Webhooks filtering by the key's categories: deleting the key is refused while any do. */
    describeUsageOfKey: (keyId: string) => describeUsageOfKey(deps, keyId),

    /** Webhooks forwarding to the endpoint. */
    describeUsageOfEndpoint: (endpointId: string) => describeUsageOfEndpoint(deps, endpointId),

    /**
     * The webhook a platform posts to (`/webhooks/{code}`), for the receiver; null for a code no
     * webhook has. No caller to check: the code itself is the credential.
     */
    async webhookForCode(code: string): Promise<(WebhookDoc & { webhookUrl: string }) | null> {
      if (code.length === 0 || code.length > 200) return null;
      const doc = await deps.webhooks.findOne({ code }).lean<WebhookDoc>();
      return doc ? { ...doc, webhookUrl: webhookUrlOf(deps.publicUrl, doc.code) } : null;
    },

    /**
     * Whether `user` may send a test event to the webhook with `code`: a test writes into the
     * CRM like a change, so the owner or an admin (404 when not visible, 403 when only visible).
     */
    async assertMayTest(user: SessionUser, code: string): Promise<void> {
      const doc = code ? await deps.webhooks.findOne({ code }, { _id: 1 }).lean() : null;
      if (!doc) throw notFound(webhookErrors.notVisible);
      await requireWritable(deps, user, doc._id.toString());
    },

    /** A webhook by id for work no signed-in user asks for (the sync); null when it is gone. */
    async webhookById(webhookId: string): Promise<(WebhookDoc & { webhookUrl: string }) | null> {
      if (!Types.ObjectId.isValid(webhookId)) return null;
      const doc = await deps.webhooks.findById(webhookId).lean<WebhookDoc>();
      return doc ? { ...doc, webhookUrl: webhookUrlOf(deps.publicUrl, doc.code) } : null;
    },

    /**
     * The dry-run preview's webhook (issue 34, item 2): what create or update would store with
     * these values, checked as they check them, stored nowhere.
     */
    unsavedCreate: (user: SessionUser, input: Parameters<typeof unsavedCreate>[2]) =>
      unsavedCreate(deps, user, input),
    unsavedUpdate: (user: SessionUser, webhookId: string, input: WebhookSettingsParsed) =>
      unsavedUpdate(deps, user, webhookId, input),
    /** A webhook whose own payloads the caller may preview: who may change it. */
    requirePreviewable: (user: SessionUser, webhookId: string) =>
      requirePreviewable(deps, user, webhookId),

    /** What of a profile's would block deleting it, e.g. `['2 webhooks']`. */
    describeUsageOfProfile: (profileId: string) => describeUsageOfProfile(deps, profileId),
  };
}

async function createWebhook(
  deps: WebhooksServiceDeps,
  user: SessionUser,
  input: WebhookCreateInput,
): Promise<Webhook> {
  // The profiles the caller may pick: their own, and for admins any (what one may create one
  // may change and delete: a manager, read-only staff, creates only on their own).
  const profile = await deps.profiles.requireProfile(user, input.userProfileId, 'write');
  const settings = await settle(deps, profile, input, 'create');
  await requireUsableCode(deps, user, input.code);
  // webhookProblems has refused a create without an owner.
  const owner = await resolveOwner(deps, user, profile, input.selectedOwner as CrmOwner);
  await checkReferences(deps, user, profile, settings);
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
  markActedOn(
    profile.ownerId,
    webhookTarget({ _id: created._id, emailService: settings.emailService }),
  );
  return presentWebhook(deps, await stored(deps, created._id), user);
}

async function updateWebhook(
  deps: WebhooksServiceDeps,
  user: SessionUser,
  webhookId: string,
  input: WebhookSettingsParsed,
): Promise<Webhook> {
  const { doc, profile } = await requireWritable(deps, user, webhookId);
  if (!profile) throw notFound(webhookErrors.profileGone);
  const settings = await settle(deps, profile, input, 'update');
  await checkReferences(deps, user, profile, settings);
  await deps.webhooks.updateOne(
    { _id: doc._id },
    { $set: { ...storedSettings(settings), updatedAt: deps.now() } },
  );
  if (!sameCategories(doc.smartleadBaseCategories, settings.smartleadBaseCategories))
    await deps.reevaluateHeld(doc._id.toString());
  return presentWebhook(deps, await stored(deps, doc._id), user);
}

/** The same category filter: the same categories, in any order (none and [] alike). */
function sameCategories(
  before: readonly WebhookCategory[] | null,
  after: readonly WebhookCategory[] | null,
): boolean {
  const key = (categories: readonly WebhookCategory[] | null) =>
    (categories ?? [])
      .map((category) => `${category.id}\u0000${category.name}`)
      .sort()
      .join('\u0001');
  return key(before) === key(after);
}

async function removeWebhook(
  deps: WebhooksServiceDeps,
  user: SessionUser,
  webhookId: string,
): Promise<WebhookDeleteResponse> {
  const { doc } = await requireWritable(deps, user, webhookId);
  await deps.webhooks.deleteOne({ _id: doc._id });
  // Its held events end (failed: the webhook is gone) instead of waiting for ever.
  await deps.reevaluateHeld(doc._id.toString());
  return {
    id: doc._id.toString(),
    ownerDetails: {
      firstName: doc.ownerDetails.firstName,
      lastName: doc.ownerDetails.lastName,
    },
  };
}

/** The webhook as stored after a write, read back for its view. */
async function stored(
  deps: Pick<WebhooksServiceDeps, 'webhooks'>,
  id: Types.ObjectId,
): Promise<WebhookDoc> {
  const doc = await deps.webhooks.findById(id).lean<WebhookDoc>();
  if (!doc) throw notFound(webhookErrors.notVisible);
  return doc;
}
