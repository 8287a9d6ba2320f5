// The standalone embed script (dist/embed/outsync-webhooks.js, docs/embedding.md): React and the
// rest bundled in, no Module Federation. Loading it defines <outsync-webhooks> and exposes
// `window.OutSync.mountWebhooks` for hosts that mount it themselves.
import { mountWebhooks } from './mount-webhooks';
import { defineOutSyncWebhooksElement } from './outsync-webhooks-element';

export { mountWebhooks, resolveLocale } from './mount-webhooks';
export type { EmbedTheme, MountedWebhooks, MountWebhooksOptions } from './mount-webhooks';
export { defineOutSyncWebhooksElement, OutSyncWebhooksElement } from './outsync-webhooks-element';
export type { WebhookEvent, WebhookEventDetails, WebhookEventType } from '../shared/host-events';

declare global {
  interface Window {
    OutSync?: { mountWebhooks: typeof mountWebhooks };
  }
}

defineOutSyncWebhooksElement();
// Kept if another OutSync script already put more on the namespace.
window.OutSync = { ...window.OutSync, mountWebhooks };
