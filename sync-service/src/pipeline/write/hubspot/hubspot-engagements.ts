import { HUBSPOT_ASSOCIATION_TYPES } from '../../../connectors/crm/hubspot/hubspot-objects.types';
import { createAfterRecordedStart } from '../crm-writer';
import { engagementOf, type EngagementPlan } from './hubspot-mapping';
import {
  SEARCH_PAGE,
  describe,
  refusalCode,
  type HubspotItem,
  type HubspotWriteContext,
} from './hubspot-write-context';

type EngagementType = EngagementPlan['type'];
type PlannedEngagement = { item: HubspotItem; plan: EngagementPlan };

/**
 * The engagement step: each event's e-mail or task on the contact's timeline (and its company's),
 * one batch create per type. One an earlier attempt created without recording is adopted instead.
 */
export async function writeEngagements(context: HubspotWriteContext, items: HubspotItem[]) {
  const planned = items.flatMap((item) => {
    const plan = engagementOf(item.event, item.settings);
    return plan && !item.steps.engagementId && item.steps.contactId ? [{ item, plan }] : [];
  });
  if (planned.length === 0) return;
  const toCreate: PlannedEngagement[] = [];
  const taken = new Set<string>();
  for (const entry of planned) {
    const adopted = entry.item.steps.engagementStartedAt
      ? await findStarted(context, entry, taken)
      : null;
    if (adopted) {
      taken.add(adopted);
      await engagementWritten(context, entry.item, entry.plan.type, adopted);
    } else toCreate.push(entry);
  }
  const now = new Date();
  await Promise.all(
    toCreate.map(({ item }) => context.record(item.id, { engagementStartedAt: now })),
  );
  for (const type of ['emails', 'tasks'] as const)
    await createEngagements(
      context,
      type,
      toCreate.filter(({ plan }) => plan.type === type),
    );
}

async function createEngagements(
  context: HubspotWriteContext,
  type: EngagementType,
  batch: PlannedEngagement[],
) {
  if (batch.length === 0) return;
  const answer = await createAfterRecordedStart(
    context.record,
    () => batch.map(({ item }) => item.id),
    () =>
      context.client.batchCreateObjects(
        type,
        batch.map(({ item, plan }) => ({
          properties: plan.properties,
          associations: associationsOf(type, item.steps.contactId ?? '', item.steps.companyId),
          objectWriteTraceId: item.id,
        })),
      ),
  );
  for (const error of answer.errors)
    context.outcomes.fail(error.traceIds, 'engagement', describe(error), refusalCode(error));
  const byId = new Map(batch.map(({ item }) => [item.id, item]));
  await Promise.all(
    answer.results.map(async (result) => {
      const item = result.objectWriteTraceId ? byId.get(result.objectWriteTraceId) : undefined;
      if (item) await engagementWritten(context, item, type, result.id);
    }),
  );
  for (const { item } of batch)
    if (!item.steps.engagementId)
      context.outcomes.fail(
        [item.id],
        'engagement',
        'HubSpot did not answer the activity it created.',
        'unexpected',
      );
}

async function engagementWritten(
  context: HubspotWriteContext,
  item: HubspotItem,
  type: EngagementType,
  id: string,
) {
  item.steps.engagementId = id;
  item.steps.engagementType = type;
  await context.record(item.id, { engagementId: id, engagementType: type });
}

/** An activity found on a retry counts as this attempt's when created at most this long before it. */
const STARTED_SLACK_MS = 60_000;

/**
 * An engagement whose create was sent by an attempt that stopped before recording the answer:
 * one associated with this lead's contact, with the event's timestamp and subject, created since
 * shortly before that attempt, and recorded by no other event (nor adopted by another item of this
 * batch). A campaign step sent to many leads in the same second shares timestamp and subject;
 * only the association tells their e-mails apart.
 */
async function findStarted(
  context: HubspotWriteContext,
  { item, plan }: PlannedEngagement,
  taken: ReadonlySet<string>,
): Promise<string | null> {
  const subjectProperty = plan.type === 'emails' ? 'hs_email_subject' : 'hs_task_subject';
  const timestamp = Date.parse(plan.properties.hs_timestamp ?? '');
  const since = (item.steps.engagementStartedAt?.getTime() ?? 0) - STARTED_SLACK_MS;
  const records = await context.client.searchObjects(plan.type, {
    filterGroups: [
      {
        filters: [
          {
            propertyName: 'associations.contact',
            operator: 'EQ',
            value: item.steps.contactId ?? '',
          },
          { propertyName: 'hs_timestamp', operator: 'EQ', value: String(timestamp) },
          { propertyName: 'hs_createdate', operator: 'GTE', value: String(since) },
        ],
      },
    ],
    properties: [subjectProperty],
    limit: SEARCH_PAGE,
  });
  const candidates = records.filter(
    (record) =>
      !taken.has(record.id) &&
      (record.properties[subjectProperty] ?? '') === (plan.properties[subjectProperty] ?? ''),
  );
  if (candidates.length === 0) return null;
  const recorded = context.recordedActivities
    ? await context.recordedActivities(candidates.map((record) => record.id))
    : new Map<string, string>();
  const match = candidates.find((record) => {
    const owner = recorded.get(record.id);
    return owner === undefined || owner === item.id;
  });
  return match?.id ?? null;
}

function associationsOf(type: EngagementType, contactId: string, companyId: string | undefined) {
  const toContact =
    type === 'emails'
      ? HUBSPOT_ASSOCIATION_TYPES.emailToContact
      : HUBSPOT_ASSOCIATION_TYPES.taskToContact;
  const toCompany =
    type === 'emails'
      ? HUBSPOT_ASSOCIATION_TYPES.emailToCompany
      : HUBSPOT_ASSOCIATION_TYPES.taskToCompany;
  return [
    { toId: contactId, associationTypeId: toContact },
    ...(companyId ? [{ toId: companyId, associationTypeId: toCompany }] : []),
  ];
}
