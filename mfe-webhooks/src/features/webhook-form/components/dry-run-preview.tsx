import { useId, useState } from 'react';
import styled from 'styled-components';
import { testEventTypes, type Platform } from '@outsync/contracts';
import type { CrmOwner } from '@outsync/contracts/accounts';
import {
  webhookBodyFromForm,
  type PlannedLookup,
  type PlannedWrite,
  type WebhookFormValues,
  type WebhookPreview,
  type WebhookPreviewSample,
} from '@outsync/contracts/webhooks';
import { Button, theme } from '@outsync/ui';
import { Select } from '@outsync/ui/select';
import { usePreviewSamples } from '../api/get-preview-samples';
import { usePreviewWebhook } from '../api/preview-webhook';

/**
 * The dry-run preview's texts (issue 34, item 2; the spec has none: docs/decisions.md, "Dry-run
 * preview (issue 34, item 2)").
 */
export const dryRunPreviewTexts = {
  heading: 'Preview',
  intro:
    'Choose a sample event to see what this webhook would write with the settings above, before you save. Nothing is written to your CRM.',
  sample: 'Sample event',
  samplePlaceholder: 'Select a sample event',
  samplesEmpty: 'Choose the platform first',
  testSample: (eventType: string) => `Test event: ${eventType}`,
  receivedSample: (eventType: string, lead: string, at: string) =>
    `Received ${at}: ${eventType} (${lead})`,
  run: 'Preview',
  running: 'Previewing…',
  result: 'What this event would do',
  outcome: {
    synced: 'Would be synced',
    partially_synced: 'Would be partially synced',
    held: 'Would be held',
    not_synced: 'Would not be synced',
    duplicate: 'Would be skipped as a duplicate',
    unsupported: 'Would be skipped: OutSync does not read this payload',
    failed: 'Would fail',
    received: 'Would wait and be tried again',
  },
  lookup: (object: string, property: string, values: string) =>
    `Looks up ${object} by ${property} = ${values}:`,
  found: (ids: string) => `found ${ids}`,
  notFound: 'not found',
  create: (object: string) => `Create ${object}`,
  update: (object: string, id: string) => `Update ${object} ${id}`,
  associate: (from: string, to: string) => `Associate ${from} with ${to}`,
  createProperty: (name: string) => `Create property ${name}`,
  createProperties: (count: number) =>
    `Create ${count} OutSync properties (once, the first time this CRM account is written)`,
  linkedTo: (ids: string) => `Linked to ${ids}`,
  newRecord: (object: string) => `the new ${object}`,
  noWrites: 'Nothing would be written to the CRM.',
  forwardTo: (url: string) => `Forward to ${url}`,
  notForwarded: (url: string, reason: string) => `Not forwarded to ${url}: ${reason}`,
  property: 'Property',
  value: 'Value',
  empty: '(empty)',
} as const;

/** The CRM's object names as a person says them. */
const OBJECT_NAMES: Record<string, string> = {
  contacts: 'contact',
  companies: 'company',
  emails: 'e-mail activity',
  tasks: 'task',
  Contact: 'Contact',
  Lead: 'Lead',
  Task: 'Task',
  Account: 'Account',
};
const objectName = (object: string) => OBJECT_NAMES[object] ?? object;

/** The objects of the plan's synthetic ids (`planned-contact-1`), as a person says them. */
const PLANNED_NAMES: Record<string, string> = {
  contact: 'contact',
  company: 'company',
  email: 'e-mail activity',
  task: 'task',
  lead: 'Lead',
  account: 'Account',
};

/** A record the run would create has no id yet: 'the new contact'; others keep theirs. */
function recordName(id: string): string {
  const planned = /^planned-([a-z]+)-\d+$/.exec(id);
  if (!planned) return id;
  const kind = planned[1] ?? '';
  return dryRunPreviewTexts.newRecord(PLANNED_NAMES[kind] ?? kind);
}

type SampleOption = { key: string; label: string; sample: WebhookPreviewSample };

/**
 * 'Preview' under the webhook's fields: a sample event (a test payload of the chosen platform,
 * or one the webhook received) and, on request, what the real pipeline would do with it and the
 * form's unsaved values — the contact or lead found or created, each property's value, the
 * activity or task, the forwards, or why it would be held or skipped.
 */
export function DryRunPreview({
  values,
  target,
}: {
  values: WebhookFormValues;
  /** The create form's profile and owner, or the stored webhook's id. */
  target:
    | { kind: 'create'; userProfileId: string; owner: CrmOwner | null }
    | { kind: 'update'; webhookId: string };
}) {
  const headingId = useId();
  const [chosen, setChosen] = useState<SampleOption | null>(null);
  const received = usePreviewSamples(target.kind === 'update' ? target.webhookId : null);
  const preview = usePreviewWebhook();
  const options = sampleOptions(values.emailService, received.data ?? []);
  const current = chosen && options.some((option) => option.key === chosen.key) ? chosen : null;

  const run = () => {
    if (!current) return;
    const settings = webhookBodyFromForm(values);
    preview.mutate(
      target.kind === 'create'
        ? {
            kind: 'create',
            body: {
              ...settings,
              userProfileId: target.userProfileId,
              selectedOwner: target.owner,
              sample: current.sample,
            },
          }
        : { kind: 'update', id: target.webhookId, body: { ...settings, sample: current.sample } },
    );
  };

  return (
    <Section aria-labelledby={headingId}>
      <Heading id={headingId}>{dryRunPreviewTexts.heading}</Heading>
      <Intro>{dryRunPreviewTexts.intro}</Intro>
      <Controls>
        <Grow>
          <Select<SampleOption>
            label={dryRunPreviewTexts.sample}
            placeholder={dryRunPreviewTexts.samplePlaceholder}
            options={options}
            emptyText={dryRunPreviewTexts.samplesEmpty}
            loading={received.isFetching}
            getOptionValue={(option) => option.key}
            getOptionLabel={(option) => option.label}
            value={current}
            onChange={setChosen}
          />
        </Grow>
        <Button $variant="secondary" disabled={!current || preview.isPending} onClick={run}>
          {preview.isPending ? dryRunPreviewTexts.running : dryRunPreviewTexts.run}
        </Button>
      </Controls>
      {preview.data ? <PreviewResult preview={preview.data} /> : null}
    </Section>
  );
}

function sampleOptions(
  platform: Platform | null,
  received: ReadonlyArray<{
    eventId: string;
    eventType: string | null;
    leadKey: string | null;
    receivedAt: string;
  }>,
): SampleOption[] {
  if (!platform) return [];
  const tests = testEventTypes[platform].map((eventType) => ({
    key: `test:${eventType}`,
    label: dryRunPreviewTexts.testSample(eventType),
    sample: { kind: 'test', eventType } as const,
  }));
  const logs = received.map((row) => ({
    key: `log:${row.eventId}`,
    label: dryRunPreviewTexts.receivedSample(
      row.eventType ?? '',
      row.leadKey ?? '',
      new Date(row.receivedAt).toLocaleString(),
    ),
    sample: { kind: 'log', eventId: row.eventId } as const,
  }));
  return [...logs, ...tests];
}

function PreviewResult({ preview }: { preview: WebhookPreview }) {
  const texts = dryRunPreviewTexts;
  const headingId = useId();
  // OutSync's own properties are created once per CRM account: one card names them all.
  const properties = preview.writes.filter((write) => write.action === 'create_property');
  const records = preview.writes.filter((write) => write.action !== 'create_property');
  return (
    <Result aria-labelledby={headingId} data-status={preview.status}>
      <Subheading id={headingId}>{texts.result}</Subheading>
      <Outcome $good={preview.status === 'synced'}>{texts.outcome[preview.status]}</Outcome>
      {/* The run's own words, on their line: they start with the outcome's ("Not synced: …"). */}
      {preview.reason ? <Plain>{preview.reason}</Plain> : null}
      {preview.warnings.map((warning) => (
        <Warning key={warning}>{warning}</Warning>
      ))}
      {preview.lookups.length > 0 ? (
        <List aria-label="Lookups">
          {preview.lookups.map((lookup, index) => (
            <li key={index}>{lookupText(lookup)}</li>
          ))}
        </List>
      ) : null}
      {preview.writes.length === 0 ? <Plain>{texts.noWrites}</Plain> : null}
      {properties.length > 0 ? (
        <Card aria-label={texts.createProperties(properties.length)}>
          <CardTitle>{texts.createProperties(properties.length)}</CardTitle>
          <Muted>{properties.map((write) => write.recordId).join(', ')}</Muted>
        </Card>
      ) : null}
      {records.map((write, index) => (
        <PlannedWriteCard key={index} write={write} />
      ))}
      {preview.forwards.length > 0 ? (
        <List aria-label="Forwards">
          {preview.forwards.map((forward) => (
            <li key={forward.url}>
              {forward.sent
                ? texts.forwardTo(forward.url)
                : texts.notForwarded(forward.url, forward.reason ?? '')}
            </li>
          ))}
        </List>
      ) : null}
    </Result>
  );
}

function lookupText(lookup: PlannedLookup): string {
  const texts = dryRunPreviewTexts;
  const found = lookup.found.length > 0 ? texts.found(lookup.found.join(', ')) : texts.notFound;
  return `${texts.lookup(objectName(lookup.object), lookup.property, lookup.values.join(', '))} ${found}`;
}

function writeTitle(write: PlannedWrite): string {
  const texts = dryRunPreviewTexts;
  switch (write.action) {
    case 'create':
      return texts.create(objectName(write.object));
    case 'update':
      return texts.update(objectName(write.object), write.recordId);
    case 'associate': {
      const [from = '', to = ''] = write.object.split('→');
      const name = (object: string, id: string) =>
        id.startsWith('planned-') ? recordName(id) : `${objectName(object)} ${id}`;
      return texts.associate(
        name(from, write.recordId),
        write.associations.map((a) => name(to, a.toId)).join(', '),
      );
    }
    case 'create_property':
      return texts.createProperty(write.recordId);
  }
}

function PlannedWriteCard({ write }: { write: PlannedWrite }) {
  const texts = dryRunPreviewTexts;
  const title = writeTitle(write);
  const fields = Object.entries(write.fields);
  return (
    <Card aria-label={title}>
      <CardTitle>{title}</CardTitle>
      {write.action !== 'associate' && write.associations.length > 0 ? (
        <Muted>
          {texts.linkedTo(write.associations.map((a) => recordName(a.toId)).join(', '))}
        </Muted>
      ) : null}
      {fields.length > 0 && write.action !== 'associate' ? (
        <Fields>
          <thead>
            <tr>
              <th scope="col">{texts.property}</th>
              <th scope="col">{texts.value}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value === null || value === '' ? texts.empty : String(value)}</td>
              </tr>
            ))}
          </tbody>
        </Fields>
      ) : null}
    </Card>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  padding-top: ${theme.space(4)};
  border-top: 1px solid ${theme.colors.border};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${theme.font.size.md};
`;

const Subheading = styled.h4`
  margin: 0;
`;

const Intro = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;

const Controls = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${theme.space(3)};
`;

const Grow = styled.div`
  flex: 1;
  min-width: 0;
`;

const Result = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
`;

const Outcome = styled.p<{ $good: boolean }>`
  margin: 0;
  font-weight: 600;
  color: ${({ $good }) => ($good ? theme.colors.success : theme.colors.warningInk)};
`;

const Plain = styled.p`
  margin: 0;
`;

const Warning = styled.p`
  margin: 0;
  padding: ${theme.space(2)};
  background: ${theme.colors.warningBg};
  color: ${theme.colors.warningInk};
`;

const List = styled.ul`
  margin: 0;
  padding-left: ${theme.space(5)};
`;

// The card's parts are spaced by its gap: a card with a title alone (an association) is as
// padded below it as above.
const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: ${theme.space(3)};
`;

const CardTitle = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;

const Fields = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${theme.space(1)} ${theme.space(2)};
    border-top: 1px solid ${theme.colors.border};
    overflow-wrap: anywhere;
  }
  th[scope='row'] {
    width: 1%;
    white-space: nowrap;
  }
  thead th {
    border-top: none;
    color: ${theme.colors.inkMuted};
    /* "Property" over short names (a company's domain, name) must not break mid-word. */
    white-space: nowrap;
    overflow-wrap: normal;
  }
`;
