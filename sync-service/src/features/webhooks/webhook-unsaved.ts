import type { CrmOwner } from '@outsync/contracts/accounts';
import type { WebhookSettingsParsed } from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import { notFound } from '../../platform/http/http-error';
import type { SessionUser } from '../../platform/http/types';
import type { ProfileDoc } from '../profiles';
import { requireWritable } from './webhook-access';
import { webhookErrors } from './webhook-errors';
import { checkReferences, resolveOwner, settle, storedSettings } from './webhook-save-rules';
import type { WebhookDoc } from './webhooks.model';
import type { WebhooksServiceDeps } from './webhooks-service.types';

// The webhook a create or an update would store, stored nowhere: what the dry-run preview
// (issue 34, item 2) runs the pipeline with. The same access checks, rules and references as
// create and update, so a preview is refused where the save would be and previews exactly what
// the save would keep.

/** An unsaved webhook and its profile. */
export type UnsavedWebhook = { webhook: WebhookDoc; profile: ProfileDoc };

/** The create form's values, as create would store them (no code: nothing is reserved). */
export async function unsavedCreate(
  deps: WebhooksServiceDeps,
  user: SessionUser,
  input: WebhookSettingsParsed & { userProfileId: string; selectedOwner?: CrmOwner | null },
): Promise<UnsavedWebhook> {
  const profile = await deps.profiles.requireProfile(user, input.userProfileId, 'write');
  const settings = await settle(deps, profile, input, 'create');
  // webhookProblems has refused a create without an owner.
  const owner = await resolveOwner(deps, user, profile, input.selectedOwner as CrmOwner);
  await checkReferences(deps, user, profile, settings);
  const now = deps.now();
  const webhook: WebhookDoc = {
    ...storedSettings(settings),
    _id: new Types.ObjectId(),
    userId: profile.ownerId,
    userProfileId: profile._id,
    createdBy: new Types.ObjectId(user.id),
    code: '',
    selectedOwner: owner,
    ownerDetails: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    hubId: profile.organizationId,
    hubspotOwnerId: owner.id,
    createdAt: now,
    updatedAt: now,
  };
  return { webhook, profile };
}

/** The settings dialog's values over the stored webhook, as update would store them. */
export async function unsavedUpdate(
  deps: WebhooksServiceDeps,
  user: SessionUser,
  webhookId: string,
  input: WebhookSettingsParsed,
): Promise<UnsavedWebhook> {
  const { doc, profile } = await requireWritable(deps, user, webhookId);
  if (!profile) throw notFound(webhookErrors.profileGone);
  const settings = await settle(deps, profile, input, 'update');
  await checkReferences(deps, user, profile, settings);
  return { webhook: { ...doc, ...storedSettings(settings) }, profile };
}

/** The webhook's own recent events may be previewed by who may change it. */
export async function requirePreviewable(
  deps: WebhooksServiceDeps,
  user: SessionUser,
  webhookId: string,
): Promise<WebhookDoc> {
  return (await requireWritable(deps, user, webhookId)).doc;
}
