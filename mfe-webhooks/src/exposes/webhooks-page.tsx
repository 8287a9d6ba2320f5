import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LIVE_VIEW_SEARCH_PARAM } from '@outsync/contracts';
import type { Webhook } from '@outsync/contracts/webhooks';
import { useOrganizationIntegrations } from '../features/webhooks-list/api/get-organization-integrations';
import { useWebhooks } from '../features/webhooks-list/api/get-webhooks';
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

const WebhookLiveDialog = lazy(() =>
  import('../features/webhook-live/components/webhook-live-dialog').then((module) => ({
    default: module.WebhookLiveDialog,
  })),
);

const WebhookBackfillDialog = lazy(() =>
  import('../features/webhook-backfill/components/webhook-backfill-dialog').then((module) => ({
    default: module.WebhookBackfillDialog,
  })),
);

/**
 * Which dialog is open, for which webhook. 'Sync test' opens the Send Test Webhook dialog, 'Live'
 * the live view of its events, 'Import past activity' the backfill dialog.
 */
type OpenDialog = { kind: 'settings' | 'test' | 'live' | 'backfill'; webhook: Webhook } | null;

/**
 * webhook-view: composes the features (a feature never imports another). The list asks for a
 * dialog through its callbacks; the page keeps which one is open.
 */
export default function WebhooksPage() {
  const [chosen, setDialog] = useState<OpenDialog>(null);
  // History links to a webhook's live view as `?live=<webhook id>` (issue 34, item 1): it opens
  // once the webhook is in the lists, and closing it drops the parameter.
  const location = useLocation();
  const navigate = useNavigate();
  const linkedId = new URLSearchParams(location.search).get(LIVE_VIEW_SEARCH_PARAM);
  const lists = useWebhooks();
  const linked = linkedId
    ? [...(lists.data?.webhooks ?? []), ...(lists.data?.allWebhooks ?? [])].find(
        (webhook) => webhook.id === linkedId,
      )
    : undefined;
  const dialog: OpenDialog = chosen ?? (linked ? { kind: 'live', webhook: linked } : null);
  const close = () => {
    setDialog(null);
    if (linkedId === null) return;
    const search = new URLSearchParams(location.search);
    search.delete(LIVE_VIEW_SEARCH_PARAM);
    const rest = search.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
  };
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
        onOpenLive={(webhook) => setDialog({ kind: 'live', webhook })}
        onOpenBackfill={(webhook) => setDialog({ kind: 'backfill', webhook })}
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
        {dialog?.kind === 'live' ? (
          <WebhookLiveDialog key={dialog.webhook.id} webhook={dialog.webhook} onClose={close} />
        ) : null}
        {dialog?.kind === 'backfill' ? (
          <WebhookBackfillDialog key={dialog.webhook.id} webhook={dialog.webhook} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
}
