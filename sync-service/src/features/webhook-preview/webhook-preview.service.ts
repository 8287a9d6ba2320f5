import type {
  WebhookPreview,
  WebhookPreviewLogSample,
  WebhookPreviewSample,
  WebhookSettingsParsed,
} from '@outsync/contracts/webhooks';
import type { CrmOwner } from '@outsync/contracts/accounts';
import type { SessionUser } from '../../platform/http/types';
import type { EventPlanner } from '../webhook-events';
import type { WebhooksService } from '../webhooks';

export type WebhookPreviewService = ReturnType<typeof createWebhookPreviewService>;

/**
 * The dry-run preview (issue 34, item 2): the form's unsaved values made into the webhook create
 * or update would store (same access checks, same rules), then a sample event planned through
 * the real pipeline. Who may preview is who may save.
 */
export function createWebhookPreviewService(deps: {
  webhooks: WebhooksService;
  planner: EventPlanner;
}) {
  return {
    async previewCreate(
      user: SessionUser,
      input: WebhookSettingsParsed & {
        userProfileId: string;
        selectedOwner?: CrmOwner | null;
        sample: WebhookPreviewSample;
      },
    ): Promise<WebhookPreview> {
      const { sample, ...settings } = input;
      const unsaved = await deps.webhooks.unsavedCreate(user, settings);
      return deps.planner.preview({ ...unsaved, existing: false, sample });
    },

    async previewUpdate(
      user: SessionUser,
      webhookId: string,
      input: WebhookSettingsParsed & { sample: WebhookPreviewSample },
    ): Promise<WebhookPreview> {
      const { sample, ...settings } = input;
      const unsaved = await deps.webhooks.unsavedUpdate(user, webhookId, settings);
      return deps.planner.preview({ ...unsaved, existing: true, sample });
    },

    async samples(user: SessionUser, webhookId: string): Promise<WebhookPreviewLogSample[]> {
      const webhook = await deps.webhooks.requirePreviewable(user, webhookId);
      return deps.planner.recentSamples(webhook._id);
    },
  };
}
