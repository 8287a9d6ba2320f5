import { lazy, Suspense, useState } from 'react';
import type { Webhook } from '@outsync/contracts/webhooks';
import { useOrganizationIntegrations } from '../features/webhooks-list/api/get-organization-integrations';
import { WebhooksScreen } from '../features/webhooks-list/components/webhooks-screen';
import { useEmitWebhookEvent } from '../shared/host-events';

export const WebhooksTitle = 'Webhooks';

// The form and the dialogs load on first use: the lists show without them.
const CreateWebhookForm = lazy(() =>
  import('../features/webhook-form/components/create-webhook-form').then((module) => ({
    default: module.CreateWebhookForm,
  })),
);
const WebhookSettingsDialog = lazy(() =>
  import('../features/webhook-form/components/webhook-settings-dialog').then((module) => ({
    default: module.WebhookSettingsDialog,
  })),
);
const SendTestWebhookDialog = lazy(() =>
  import('../features/webhook-test/components/send-test-webhook-dialog').then((module) => ({
    default: module.SendTestWebhookDialog,
  })),
);

/** Which dialog is open, for which webhook. 'Sync test' opens the Send Test Webhook dialog. */
type OpenDialog = { kind: 'settings' | 'test'; webhook: Webhook } | null;

/**
 * webhook-view: composes the features (a feature never imports another). The list asks for a
 * dialog through its callbacks; the page keeps which one is open.
 */
export default function WebhooksPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const emitWebhookEvent = useEmitWebhookEvent();
  // The screen reads the caller's profiles too (one query): the settings dialog says their flags.
  const integrations = useOrganizationIntegrations();
  const profileOf = (webhook: Webhook) =>
    integrations.data?.find((item) => item.user.id === webhook.userProfileId);

  return (
    <>
      <WebhooksScreen
        title={WebhooksTitle}
        createForm={(profile) => (
          <Suspense fallback={null}>
            {/* Keyed by profile: another profile starts a fresh form. */}
            <CreateWebhookForm key={profile.user.id} profile={profile} />
          </Suspense>
        )}
        onOpenSettings={(webhook) => setDialog({ kind: 'settings', webhook })}
        onOpenTest={(webhook) => setDialog({ kind: 'test', webhook })}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'settings' ? (
          <WebhookSettingsDialog
            key={dialog.webhook.id}
            webhook={dialog.webhook}
            profile={profileOf(dialog.webhook)}
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'test' ? (
          <SendTestWebhookDialog
            key={dialog.webhook.id}
            webhook={dialog.webhook}
            onClose={close}
            onSent={() => emitWebhookEvent('webhook.test_sent', dialog.webhook)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
