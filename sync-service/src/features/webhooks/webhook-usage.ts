import { platformFacts } from '@outsync/contracts';
import { Types } from 'mongoose';
import type { WebhookDoc } from './webhooks.model';
import type { WebhooksServiceDeps } from './webhooks-service.types';

// What webhooks hold on to: deleting an API key, an endpoint or a profile is refused while a
// webhook uses it, and these name the webhooks in the refusal.

export type WebhookUsageDeps = Pick<WebhooksServiceDeps, 'webhooks'>;

/** Webhooks filtering by the key's categories: deleting the key is refused while any do. */
export async function describeUsageOfKey(deps: WebhookUsageDeps, keyId: string): Promise<string[]> {
  if (!Types.ObjectId.isValid(keyId)) return [];
  return describeWebhooks(
    await deps.webhooks
      .find({ apiKeyId: keyId }, { ownerDetails: 1, emailService: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean<WebhookDoc[]>(),
  );
}

/** Webhooks forwarding to the endpoint. */
export async function describeUsageOfEndpoint(
  deps: WebhookUsageDeps,
  endpointId: string,
): Promise<string[]> {
  if (!Types.ObjectId.isValid(endpointId)) return [];
  return describeWebhooks(
    await deps.webhooks
      .find(
        { 'additionalEndpoints.userAccountId': endpointId },
        { ownerDetails: 1, emailService: 1 },
      )
      .sort({ createdAt: 1, _id: 1 })
      .lean<WebhookDoc[]>(),
  );
}

/** What of a profile's would block deleting it, e.g. `['2 webhooks']`. */
export async function describeUsageOfProfile(
  deps: WebhookUsageDeps,
  profileId: string,
): Promise<string[]> {
  if (!Types.ObjectId.isValid(profileId)) return [];
  const count = await deps.webhooks.countDocuments({ userProfileId: profileId });
  return count === 0 ? [] : [`${count} ${count === 1 ? 'webhook' : 'webhooks'}`];
}

/** How a webhook is named where it blocks deleting something, e.g. `webhook "Ana Ruiz (Smartlead)"`. */
function describeWebhooks(docs: Pick<WebhookDoc, 'ownerDetails' | 'emailService'>[]): string[] {
  return docs.map((doc) => {
    const owner =
      `${doc.ownerDetails.firstName} ${doc.ownerDetails.lastName}`.trim() || doc.ownerDetails.email;
    return `webhook "${owner} (${platformFacts[doc.emailService].displayName})"`;
  });
}
