import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { platformFacts, platformFromAnySpelling, STICKY_TOAST_LIFE_MS } from '@outsync/contracts';
import {
  applyTestInputs,
  buildTestPayload,
  defaultTestInputs,
  testDialogTitle,
  testEventsOffered,
  type TestEventOption,
  type TestInputs,
} from '@outsync/contracts/webhooks/test-payloads';
import { Button, useToast, theme } from '@outsync/ui';
import { BusyButton, TextField } from '@outsync/ui/form';
import { isValidJson, JsonEditor } from '@outsync/ui/json';
import { Disclosure, Dialog } from '@outsync/ui/overlay';
import { Select } from '@outsync/ui/select';
import { TestWebhookFailure, useSendTestWebhook } from '../api/send-test-webhook';

/** The dialog's texts (spec 01 §2.11, §5 "Test dialog", §8 "Test webhook"). */
export const sendTestWebhookTexts = {
  eventType: 'Select Event Type',
  eventPlaceholder: 'Choose an event to test...',
  testSync: 'Test Sync',
  recipientName: 'Recipient name',
  recipientEmail: 'Recipient e-mail address',
  recipientProfile: 'Recipient social profile',
  advanced: 'Advanced settings',
  lookupId: 'Add os_objectlookup_id',
  lookupIdHint: 'Single value; accepts variable tokens.',
  statusTags: 'Add status tags',
  payload: 'JSON payload',
  reset: 'Reset Payload',
  invalidJson: 'Invalid JSON format. Please check your JSON syntax.',
  jsonErrorSummary: 'JSON Error',
  sent: 'Test webhook was sent successfully',
  unexpected: 'An unexpected error occurred',
} as const;

/** The event list is at most 400 px tall (spec 01 §2.11, §9). */
const EVENT_LIST_MAX_HEIGHT_PX = 400;

export interface SendTestWebhookDialogProps {
  webhook: { emailService: string | null; webhookUrl: string };
  onClose: () => void;
  /** After the receiver accepted a test. */
  onSent?: () => void;
}

const optionKey = (option: TestEventOption) => `${option.platform}:${option.value}`;
const optionLabel = (option: TestEventOption) => option.label;
const formatJson = (payload: unknown) => JSON.stringify(payload, null, 2);

function defaultPayloadText(option: TestEventOption, inputs: TestInputs): string {
  return formatJson(buildTestPayload(option.platform, option.value, inputs, new Date()));
}

/**
 * Sends a sample event of the webhook's platform, or of any platform when it has none, to the
 * webhook's test address (spec 01 §2.11, §4 "Test dialog"). Rendered only while open, so each
 * opening starts with the first event, the sample recipient and no lookup id or tags.
 */
export function SendTestWebhookDialog({ webhook, onClose, onSent }: SendTestWebhookDialogProps) {
  const toast = useToast();
  const sending = useSendTestWebhook(onSent);
  const platform = platformFromAnySpelling(webhook.emailService) ?? null;
  const options = useMemo(() => testEventsOffered(platform), [platform]);
  const [event, setEvent] = useState<TestEventOption | null>(options[0] ?? null);
  const [inputs, setInputs] = useState(defaultTestInputs);
  const [payloadText, setPayloadText] = useState(() =>
    event ? defaultPayloadText(event, inputs) : '',
  );
  const valid = isValidJson(payloadText);
  const social = event ? platformFacts[event.platform].kind === 'social-tool' : false;

  const chooseEvent = (option: TestEventOption | null) => {
    if (!option) return;
    setEvent(option);
    setPayloadText(defaultPayloadText(option, inputs));
  };

  /** The inputs go into the JSON as it is now, edits included, when it parses. */
  const changeInputs = (change: Partial<TestInputs>) => {
    const next = { ...inputs, ...change };
    setInputs(next);
    if (event && valid) {
      setPayloadText(formatJson(applyTestInputs(JSON.parse(payloadText), event.platform, next)));
    }
  };

  const resetPayload = () => {
    if (event) setPayloadText(defaultPayloadText(event, inputs));
  };

  const send = async () => {
    let payload: unknown;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      toast.show({
        severity: 'error',
        summary: sendTestWebhookTexts.jsonErrorSummary,
        detail: sendTestWebhookTexts.invalidJson,
      });
      return;
    }
    try {
      await sending.mutateAsync({ webhookUrl: webhook.webhookUrl, payload });
      toast.show({ severity: 'success', detail: sendTestWebhookTexts.sent });
    } catch (error) {
      toast.show(
        error instanceof TestWebhookFailure
          ? { severity: 'error', detail: error.detail, life: STICKY_TOAST_LIFE_MS }
          : { severity: 'error', detail: sendTestWebhookTexts.unexpected },
      );
    }
  };

  return (
    <Dialog open onClose={onClose} title={testDialogTitle(webhook.emailService)} size="lg">
      <EventRow>
        <Select<TestEventOption>
          label={sendTestWebhookTexts.eventType}
          placeholder={sendTestWebhookTexts.eventPlaceholder}
          options={options}
          value={event}
          onChange={chooseEvent}
          getOptionValue={optionKey}
          getOptionLabel={optionLabel}
          maxMenuHeight={EVENT_LIST_MAX_HEIGHT_PX}
        />
        <BusyButton
          busy={sending.isPending}
          disabled={!valid || !event}
          onClick={() => void send()}
        >
          {sendTestWebhookTexts.testSync}
        </BusyButton>
      </EventRow>
      <TextField
        label={sendTestWebhookTexts.recipientName}
        autoComplete="off"
        value={inputs.recipientName}
        onChange={(change) => changeInputs({ recipientName: change.target.value })}
      />
      {social ? (
        <TextField
          label={sendTestWebhookTexts.recipientProfile}
          type="url"
          autoComplete="off"
          value={inputs.recipientProfileUrl}
          onChange={(change) => changeInputs({ recipientProfileUrl: change.target.value })}
        />
      ) : (
        <TextField
          label={sendTestWebhookTexts.recipientEmail}
          type="email"
          autoComplete="off"
          value={inputs.recipientEmail}
          onChange={(change) => changeInputs({ recipientEmail: change.target.value })}
        />
      )}
      <Disclosure label={sendTestWebhookTexts.advanced}>
        <AdvancedFields>
          <TextField
            label={sendTestWebhookTexts.lookupId}
            help={sendTestWebhookTexts.lookupIdHint}
            autoComplete="off"
            value={inputs.objectLookupId}
            onChange={(change) => changeInputs({ objectLookupId: change.target.value })}
          />
          {social ? (
            <TextField
              label={sendTestWebhookTexts.statusTags}
              autoComplete="off"
              value={inputs.statusTags}
              onChange={(change) => changeInputs({ statusTags: change.target.value })}
            />
          ) : null}
          <JsonEditor
            label={sendTestWebhookTexts.payload}
            value={payloadText}
            onChange={setPayloadText}
            error={valid ? undefined : sendTestWebhookTexts.invalidJson}
            rows={18}
            actions={
              <Button $variant="secondary" onClick={resetPayload}>
                {sendTestWebhookTexts.reset}
              </Button>
            }
          />
        </AdvancedFields>
      </Disclosure>
    </Dialog>
  );
}

const EventRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space(3)};
  & > :first-child {
    flex: 1 1 280px;
    min-width: 0;
  }
`;

const AdvancedFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;
