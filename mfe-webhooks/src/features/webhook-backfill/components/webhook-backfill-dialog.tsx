import { useState } from 'react';
import styled, { keyframes } from 'styled-components';
import {
  isApiError,
  platformDisplayName,
  platformFromAnySpelling,
  type Platform,
} from '@outsync/contracts';
import type { ApiKey } from '@outsync/contracts/accounts';
import {
  BACKFILL_MAX_CAMPAIGNS,
  BACKFILL_MAX_RANGE_DAYS,
  type Backfill,
  type BackfillCampaignList,
  type Webhook,
} from '@outsync/contracts/webhooks';
import { Button, Spinner, theme } from '@outsync/ui';
import { BusyButton, TextField } from '@outsync/ui/form';
import { ConfirmOnDemand, Dialog } from '@outsync/ui/overlay';
import { MultiSelect, Select } from '@outsync/ui/select';
import {
  isUnfinished,
  useBackfillCampaigns,
  useBackfillKeys,
  useCancelBackfill,
  useFollowedBackfill,
  useLatestBackfill,
  useStartBackfill,
} from '../api/backfill-api';
import { backfillTexts as t } from './backfill-texts';

export { backfillTexts } from './backfill-texts';

type Campaign = BackfillCampaignList['campaigns'][number];

export type BackfillWebhook = Pick<
  Webhook,
  'id' | 'emailService' | 'ownerDetails' | 'userProfileId' | 'apiKey'
>;

const DAY_MS = 24 * 60 * 60_000;
/** The range offered at first: the last 30 days, today included. */
export const BACKFILL_DEFAULT_DAYS = 30;

/** `YYYY-MM-DD` of a local day (what `<input type="date">` holds). */
function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight starting a `YYYY-MM-DD` day; null for anything else. */
function dayStart(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
/** A time today as its hour, another day's with its date. */
function when(iso: string, now = new Date()): string {
  const time = new Date(iso);
  return time.toDateString() === now.toDateString()
    ? timeFormat.format(time)
    : `${dateFormat.format(time)} ${timeFormat.format(time)}`;
}

function errorText(error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) ? error.message : 'An unexpected error occurred';
}

/**
 * "Import past activity" (issue 34, item 3): choose a date range and campaigns (and the key, when
 * the profile has several of the platform), start, then follow the import: progress, counts, ETA,
 * a pause for the platform's rate limit, cancel, the error or the summary. Reopened, it shows the
 * webhook's newest import.
 */
export function WebhookBackfillDialog({
  webhook,
  onClose,
}: {
  webhook: BackfillWebhook;
  onClose: () => void;
}) {
  const platform = platformFromAnySpelling(webhook.emailService);
  const platformName = platform ? platformDisplayName(platform) : '';
  const latest = useLatestBackfill(webhook.id);
  // Once a backfill is started or chosen to be followed, or "another" was asked for.
  const [shown, setShown] = useState<Backfill | 'form' | null>(null);
  const current = shown ?? (latest.data ? latest.data : latest.isSuccess ? 'form' : null);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t.title(webhook.ownerDetails)}
      description={platform ? t.intro(platformName) : undefined}
      size="md"
    >
      {current === null ? (
        latest.isError ? (
          <Alert role="alert">{errorText(latest.error)}</Alert>
        ) : (
          <Spinner label={t.loading} />
        )
      ) : current === 'form' ? (
        platform ? (
          <BackfillForm webhook={webhook} platform={platform} onStarted={setShown} />
        ) : null
      ) : (
        <BackfillProgress
          key={current.id}
          webhookId={webhook.id}
          initial={current}
          platformName={platformName}
          onAnother={() => setShown('form')}
        />
      )}
    </Dialog>
  );
}

function BackfillForm({
  webhook,
  platform,
  onStarted,
}: {
  webhook: BackfillWebhook;
  platform: Platform;
  onStarted: (backfill: Backfill) => void;
}) {
  const platformName = platformDisplayName(platform);
  const keys = useBackfillKeys(webhook.userProfileId, platform);
  const [keyId, setKeyId] = useState<string | null>(null);
  const keyList: ApiKey[] = keys.data ?? [];
  // The key chosen, else the webhook's own, else the profile's only (or first) one.
  const chosenKeyId =
    keyId ?? webhook.apiKey?.id ?? (keys.isSuccess ? (keyList[0]?.id ?? null) : null);
  // Neither the webhook nor its profile has a key of the platform: nothing to read with.
  const noKey = keys.isSuccess && keyList.length === 0 && webhook.apiKey === null;
  const campaigns = useBackfillCampaigns(
    webhook.id,
    chosenKeyId,
    !noKey && (keys.isSuccess || keys.isError || webhook.apiKey !== null),
  );
  const today = new Date();
  const [from, setFrom] = useState(() =>
    dayText(new Date(today.getTime() - (BACKFILL_DEFAULT_DAYS - 1) * DAY_MS)),
  );
  const [to, setTo] = useState(() => dayText(today));
  const [chosen, setChosen] = useState<Campaign[]>([]);
  const [checked, setChecked] = useState(false);
  const start = useStartBackfill(webhook.id);

  const todayStart = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const fromDay = dayStart(from);
  const toDay = dayStart(to);
  const rangeError = !fromDay
    ? t.fromRequired
    : !toDay
      ? t.toRequired
      : toDay.getTime() < fromDay.getTime()
        ? t.backwards
        : toDay.getTime() > todayStart.getTime()
          ? t.future
          : Math.round((toDay.getTime() - fromDay.getTime()) / DAY_MS) + 1 > BACKFILL_MAX_RANGE_DAYS
            ? t.tooLong
            : null;
  const campaignsError =
    chosen.length === 0
      ? t.noCampaignChosen
      : chosen.length > BACKFILL_MAX_CAMPAIGNS
        ? t.tooManyCampaigns
        : null;

  const submit = () => {
    setChecked(true);
    if (rangeError || campaignsError || !fromDay || !toDay) return;
    start.mutate(
      {
        from: fromDay.toISOString(),
        // Exclusive: the day after the last one chosen (the service reads up to now at most).
        to: new Date(toDay.getFullYear(), toDay.getMonth(), toDay.getDate() + 1).toISOString(),
        campaigns: chosen.map(({ id, name }) => ({ id, name })),
        ...(chosenKeyId ? { apiKeyId: chosenKeyId } : {}),
      },
      { onSuccess: onStarted },
    );
  };

  const list = campaigns.data;
  if (noKey) return <Note role="status">{t.noKey(platformName)}</Note>;
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {list ? <Note>{t.notImported(platformName, list.notAvailable, list.rebuilds)}</Note> : null}
      {keyList.length > 1 ? (
        <Select<ApiKey>
          label={t.apiKey}
          help={t.apiKeyHelp}
          options={keyList}
          value={keyList.find((key) => key.id === chosenKeyId) ?? null}
          onChange={(key) => {
            setKeyId(key?.id ?? null);
            setChosen([]);
          }}
          getOptionValue={(key) => key.id}
          getOptionLabel={(key) => key.description}
        />
      ) : null}
      <Dates>
        <TextField
          type="date"
          label={t.from}
          value={from}
          max={to || dayText(today)}
          onChange={(event) => setFrom(event.target.value)}
          error={checked && rangeError && rangeError !== t.toRequired ? rangeError : undefined}
          help={t.rangeHelp}
        />
        <TextField
          type="date"
          label={t.to}
          value={to}
          min={from || undefined}
          max={dayText(today)}
          onChange={(event) => setTo(event.target.value)}
          error={checked && rangeError === t.toRequired ? rangeError : undefined}
        />
      </Dates>
      <MultiSelect<Campaign>
        label={t.campaigns}
        help={t.campaignsHelp}
        options={list?.campaigns ?? []}
        value={chosen}
        onChange={setChosen}
        getOptionValue={(campaign) => campaign.id}
        getOptionLabel={(campaign) => campaign.name}
        getOptionSearchText={(campaign) => campaign.id}
        isOptionDisabled={(campaign) =>
          chosen.length >= BACKFILL_MAX_CAMPAIGNS && !chosen.some((c) => c.id === campaign.id)
        }
        getRemoveLabel={t.removeCampaign}
        placeholder={t.campaignsPlaceholder}
        loading={campaigns.isFetching && !list}
        loadingText={t.loadingCampaigns}
        emptyText={t.noCampaigns}
        error={checked && campaignsError ? campaignsError : undefined}
      />
      {campaigns.isError ? <Alert role="alert">{errorText(campaigns.error)}</Alert> : null}
      {start.isError ? <Alert role="alert">{errorText(start.error)}</Alert> : null}
      <Actions>
        <BusyButton type="submit" busy={start.isPending} busyLabel={t.starting}>
          {t.start}
        </BusyButton>
      </Actions>
    </Form>
  );
}

function BackfillProgress({
  webhookId,
  initial,
  platformName,
  onAnother,
}: {
  webhookId: string;
  initial: Backfill;
  platformName: string;
  onAnother: () => void;
}) {
  const followed = useFollowedBackfill(webhookId, initial);
  const backfill = followed.data ?? initial;
  const cancel = useCancelBackfill(webhookId);
  const [confirming, setConfirming] = useState(false);
  const unfinished = isUnfinished(backfill);
  const percent = backfill.fraction === null ? null : Math.round(backfill.fraction * 100);
  const lastDay = new Date(Date.parse(backfill.to) - 1);

  const statusText = (() => {
    switch (backfill.status) {
      case 'queued':
        return t.status.queued;
      case 'running':
        return t.status.running;
      case 'paused-for-rate-limit':
        return t.status.paused(platformName, when(backfill.resumesAt ?? backfill.createdAt));
      case 'completed':
        return t.status.completed;
      case 'cancelled':
        return t.status.cancelled;
      case 'failed':
        return t.status.failed(backfill.error ?? '');
    }
  })();

  return (
    <Stack>
      <Muted>
        {t.range(
          dateFormat.format(new Date(backfill.from)),
          dateFormat.format(lastDay),
          backfill.campaigns.length,
        )}
        {backfill.progress && unfinished
          ? ` · ${t.campaignOf(backfill.progress.campaign + 1, backfill.progress.campaigns)}`
          : null}
      </Muted>
      <Status role="status" $tone={backfill.status === 'failed' ? 'danger' : 'neutral'}>
        {statusText}
        {unfinished && backfill.status !== 'paused-for-rate-limit' && backfill.eta
          ? ` ${t.eta(when(backfill.eta))}`
          : null}
      </Status>
      <ProgressRow>
        <Track
          role="progressbar"
          aria-label={t.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={backfill.status === 'completed' ? 100 : (percent ?? undefined)}
        >
          {backfill.status === 'completed' ? (
            <Fill style={{ width: '100%' }} />
          ) : percent === null ? (
            unfinished ? (
              <Indeterminate />
            ) : null
          ) : (
            <Fill style={{ width: `${percent}%` }} />
          )}
        </Track>
        <Percent aria-hidden="true">
          {backfill.status === 'completed' ? '100%' : percent === null ? '' : `${percent}%`}
        </Percent>
      </ProgressRow>
      <Counts>
        <div>
          <dt>{t.eventsFound}</dt>
          <dd>{backfill.eventsFound.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{t.queued}</dt>
          <dd>{backfill.queued.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{t.skipped}</dt>
          <dd>{backfill.skipped.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{t.pagesRead}</dt>
          <dd>{backfill.pagesRead.toLocaleString('en-US')}</dd>
        </div>
      </Counts>
      {backfill.status === 'completed' ? (
        <Summary>{t.summary(backfill.queued, backfill.skipped)}</Summary>
      ) : null}
      {cancel.isError ? <Alert role="alert">{errorText(cancel.error)}</Alert> : null}
      <Actions>
        {unfinished ? (
          <Button $variant="danger" onClick={() => setConfirming(true)}>
            {t.cancel}
          </Button>
        ) : (
          <Button $variant="secondary" onClick={onAnother}>
            {t.another}
          </Button>
        )}
      </Actions>
      <ConfirmOnDemand
        open={confirming}
        title={t.cancelTitle}
        text={t.cancelText}
        confirmLabel={t.cancel}
        cancelLabel={t.keepImporting}
        confirmVariant="danger"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await cancel.mutateAsync(backfill.id).finally(() => setConfirming(false));
        }}
      />
    </Stack>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const Dates = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${theme.space(4)};
`;

const Note = styled.p`
  margin: 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radius};
  background: ${theme.colors.infoBg};
  color: ${theme.colors.ink};
`;

const Alert = styled.p`
  margin: 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radius};
  background: ${theme.colors.dangerBg};
  /* dangerInk is the ink on a danger button's fill, not on dangerBg (1.1:1 there in dark). */
  color: ${theme.colors.danger};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space(2)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;

const Status = styled.p<{ $tone: 'danger' | 'neutral' }>`
  margin: 0;
  font-weight: 600;
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.ink)};
`;

const Summary = styled.p`
  margin: 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radius};
  background: ${theme.colors.successBg};
  color: ${theme.colors.ink};
`;

const ProgressRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
`;

const Track = styled.div`
  position: relative;
  flex: 1;
  height: 12px;
  overflow: hidden;
  border-radius: 6px;
  background: ${theme.colors.surfaceHover};
  border: 1px solid ${theme.colors.border};
`;

const Fill = styled.div`
  height: 100%;
  background: ${theme.colors.brand};
  transition: width 0.4s ease;
`;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Indeterminate = styled.div`
  width: 40%;
  height: 100%;
  background: ${theme.colors.brand};
  animation: ${slide} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    width: 100%;
    opacity: 0.4;
  }
`;

const Percent = styled.span`
  min-width: 3.5em;
  text-align: right;
  font-variant-numeric: tabular-nums;
`;

const Counts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr));
  gap: ${theme.space(3)};
  margin: 0;
  & > div {
    display: flex;
    flex-direction: column-reverse;
    justify-content: flex-end;
    gap: ${theme.space(1)};
  }
  & dt {
    color: ${theme.colors.inkMuted};
    font-size: ${theme.font.size.sm};
  }
  & dd {
    margin: 0;
    font-size: ${theme.font.size.lg};
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;
