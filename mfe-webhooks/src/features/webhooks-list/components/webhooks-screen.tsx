import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { embeddedAtom } from '@outsync/app-runtime';
import type { IntegrationItem } from '@outsync/contracts/accounts';
import { Page, Sections, Spinner, theme } from '@outsync/ui';
import { NoIntegrations } from '@outsync/app-runtime/first-run';
import { useOrganizationIntegrations } from '../api/get-organization-integrations';
import { useWebhooks } from '../api/get-webhooks';
import { WebhooksEmptyState } from './empty-state';
import { WebhooksTable, type WebhookActions } from './webhooks-table';

/** The screen's texts (spec 01 §2.6; the spinners' labels are ours). */
export const webhooksScreenTexts = {
  profileLabel: 'Select Profile:',
  noIntegrations: "You don't have any integrations!",
  // Beyond the spec (issue 31): after "connect your CRM first".
  thenCreate: 'Then come back here to create a webhook for it.',
  ownCaption: 'Existing webhooks:',
  allCaption: 'All webhooks:',
  loadingProfiles: 'Loading profiles',
  loadingWebhooks: 'Loading webhooks',
} as const;

const t = webhooksScreenTexts;

// The profile select loads once there is a profile to offer: a first run, and the partner embed
// before its token is accepted, show the lists without it. It is drawn closed without downshift,
// which loads on its first focus, press or key (issue 32).
const ProfileSelect = lazy(() =>
  import('@outsync/app-runtime/lazy-profile-select').then((module) => ({
    default: module.LazyProfileSelect,
  })),
);

/**
 * webhook-view (spec 01 §2.6): pick a profile to create a webhook on it, then the caller's
 * webhooks and all the webhooks they may see. The create form and the dialogs are other
 * features: the page passes the form in and opens the dialogs from the actions.
 */
export function WebhooksScreen({
  title,
  createForm,
  onOpenSettings,
  onOpenTest,
  onOpenLive,
  onOpenBackfill,
}: {
  title: string;
  /** The create form for the chosen profile. */
  createForm: (profile: IntegrationItem) => ReactNode;
} & WebhookActions) {
  const embedded = useAtomValue(embeddedAtom);
  const integrations = useOrganizationIntegrations();
  const webhooks = useWebhooks();
  const [profileId, setProfileId] = useState<string | null>(null);
  const profiles = integrations.data ?? [];
  const chosen = profiles.find((item) => item.user.id === profileId) ?? null;
  const own = webhooks.data?.webhooks ?? [];
  const all = webhooks.data?.allWebhooks ?? [];
  const actions = { onOpenSettings, onOpenTest, onOpenLive, onOpenBackfill };

  return (
    <Page title={title}>
      <Sections>
        <Part>
          {integrations.isPending ? (
            <Spinner label={t.loadingProfiles} />
          ) : profiles.length > 0 ? (
            <ProfileField>
              {/* The same spinner as while the profiles load, until the select's code is here. */}
              <Suspense fallback={<Spinner label={t.loadingProfiles} />}>
                <ProfileSelect
                  label={t.profileLabel}
                  integrations={profiles}
                  value={profileId}
                  onChange={setProfileId}
                />
              </Suspense>
            </ProfileField>
          ) : integrations.isSuccess ? (
            <NoIntegrations then={t.thenCreate} links={!embedded} />
          ) : null}
          {chosen ? createForm(chosen) : null}
        </Part>
        {webhooks.isPending ? (
          <Spinner label={t.loadingWebhooks} />
        ) : webhooks.isSuccess ? (
          <Part>
            {own.length === 0 ? (
              <WebhooksEmptyState />
            ) : (
              <WebhooksTable caption={t.ownCaption} webhooks={own} {...actions} />
            )}
            {all.length > 0 ? (
              <WebhooksTable caption={t.allCaption} webhooks={all} {...actions} />
            ) : null}
          </Part>
        ) : null}
      </Sections>
    </Page>
  );
}

const Part = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(6)};
  min-width: 0;
`;

const ProfileField = styled.div`
  max-width: 640px;
`;
