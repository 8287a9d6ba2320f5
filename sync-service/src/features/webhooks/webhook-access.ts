import { ErrorCodes, platformDisplayName } from '@outsync/contracts';
import { Types } from 'mongoose';
import { HttpError, notFound } from '../../platform/http/http-error';
import { markActedOn } from '../../platform/http/audit-context';
import type { SessionUser } from '../../platform/http/types';
import { isStaff, type ProfileDoc } from '../profiles';
import { webhookErrors } from './webhook-errors';
import type { WebhookDoc } from './webhooks.model';
import type { WebhooksServiceDeps } from './webhooks-service.types';

// Who may see and who may change a webhook.

export type WebhookAccessDeps = Pick<WebhooksServiceDeps, 'webhooks' | 'profiles'>;

type Access = 'write' | 'read' | 'none';

/** `CRM:organizationId` of a profile, or undefined while it has no org (never connected). */
function portalOf(profile: Pick<ProfileDoc, 'crm' | 'organizationId'>): string | undefined {
  return profile.organizationId ? `${profile.crm}:${profile.organizationId}` : undefined;
}

/** The caller's own profiles, and the CRM portals or orgs they connect. */
export async function scopeOf(deps: Pick<WebhookAccessDeps, 'profiles'>, user: SessionUser) {
  const own = await deps.profiles.ownPortals(user);
  const portals = new Map(
    own.flatMap((profile) => {
      const portal = portalOf(profile);
      return portal ? [[portal, { crm: profile.crm, organizationId: profile.organizationId }]] : [];
    }),
  );
  return { ownProfileIds: own.map((profile) => profile._id), portals };
}

/**
 * write: the owner or an admin; read: a manager, or a customer on the same CRM portal or org
 * as one of their own profiles ('All webhooks'); none: anyone else.
 */
async function accessTo(
  deps: Pick<WebhookAccessDeps, 'profiles'>,
  user: SessionUser,
  doc: Pick<WebhookDoc, 'userId'>,
  profile: ProfileDoc | null,
): Promise<Access> {
  if (doc.userId.toString() === user.id || user.role === 'ADMIN') return 'write';
  if (isStaff(user)) return 'read';
  const portal = profile && portalOf(profile);
  return portal && (await scopeOf(deps, user)).portals.has(portal) ? 'read' : 'none';
}

/**
 * A webhook as the audit log names it, as it was found: "Smartlead webhook 6650…" (not by its
 * code, which is a credential).
 */
export function webhookTarget(doc: Pick<WebhookDoc, '_id' | 'emailService'>): string {
  return `${platformDisplayName(doc.emailService)} webhook ${doc._id.toString()}`;
}

/** The webhook and its profile for a change: 404 when not visible, 403 when only visible. */
export async function requireWritable(
  deps: WebhookAccessDeps,
  user: SessionUser,
  webhookId: string,
) {
  const doc = Types.ObjectId.isValid(webhookId)
    ? await deps.webhooks.findById(webhookId).lean<WebhookDoc>()
    : null;
  const profile = doc ? await deps.profiles.findById(doc.userProfileId) : null;
  const access: Access = doc ? await accessTo(deps, user, doc, profile) : 'none';
  if (!doc || access === 'none') throw notFound(webhookErrors.notVisible);
  if (access === 'read') throw new HttpError(403, ErrorCodes.forbidden, webhookErrors.notOwner);
  markActedOn(doc.userId, webhookTarget(doc));
  return { doc, profile };
}
