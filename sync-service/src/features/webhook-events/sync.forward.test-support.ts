// The pipeline-level forwarding tests' world (issue 29 "Forwarding on its own schedule"): the
// real pipeline on the embedded database with a clock the test moves, a writer that behaves as
// the real ones do about completed steps, and scripted endpoints.
import type { Types } from 'mongoose';
import type { ForwardBody } from '../../pipeline/forward';
import type { ForwardDelivery } from '../../pipeline/forward-step';
import type { SyncPipelineDeps, WebhookContext } from '../../pipeline';
import type { CrmWriter, WriteItem, WriteOutcome } from '../../pipeline/write/crm-writer';
import {
  circuitNeverOpens,
  contextWith,
  pipelineWith,
  type PipelineModels,
} from './pipeline.test-support';

export const ENDPOINT_A = '665f1c2ab0c4e2a1d3f4a5c0';
export const ENDPOINT_B = '665f1c2ab0c4e2a1d3f4a5c1';
export const URL_A = 'https://hooks.customer.test/outsync';
export const URL_B = 'https://crm-bridge.customer.test/in';

/** A clock the test moves; the pipeline reads it for every time it records. */
export function clock(start: string) {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    at: (time: string | Date) => {
      at = new Date(time).getTime();
    },
  };
}

/**
 * A writer that, like the real ones, writes only what the event's recorded steps lack: the
 * first call "writes" the contact and the e-mail and records them; a later call with those
 * steps writes nothing. `writes` counts the writes that reached the CRM.
 */
export function stepWriter(answer: (call: number) => WriteOutcome = () => ({ kind: 'written' })) {
  const seen: Array<WriteItem['steps']> = [];
  let writes = 0;
  const writer: CrmWriter = {
    async write(items, record) {
      const outcome = answer(seen.length + 1);
      for (const item of items) {
        seen.push({ ...item.steps });
        if (outcome.kind !== 'written' || item.steps.contactWritten) continue;
        writes += 1;
        await record(item.id, {
          contactId: '501',
          contactWritten: true,
          engagementId: '9001',
          engagementType: 'emails',
        });
      }
      return new Map(items.map((item) => [item.id, outcome]));
    },
  };
  return { writer, seen, writes: () => writes };
}

type Answer = { status: number; headers?: Record<string, string> };
type Call = { url: string; at: string; attempt: number; delivery: string | null };

/** Endpoints that answer each call with the next of their script (200 past its end). */
export function scriptedEndpoints(scripts: Record<string, Answer[]>) {
  const calls: Call[] = [];
  const fetch: SyncPipelineDeps['fetch'] = (input, init) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body)) as ForwardBody;
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      at: body.sentAt,
      attempt: body.attempt,
      delivery: headers.get('x-outsync-delivery'),
    });
    const answer = scripts[url]?.shift() ?? { status: 200 };
    return Promise.resolve(new Response(null, answer));
  };
  return { fetch, calls };
}

export type ForwardWorld = {
  models: PipelineModels;
  writer: CrmWriter;
  fetch: SyncPipelineDeps['fetch'];
  now: () => Date;
  /** The webhook's endpoints (A for EMAIL_SENT unless given). */
  endpoints?: WebhookContext['endpoints'];
  /** Read at each run: the profile's "Additional Webhooks" flag as it is then. */
  canForward?: () => boolean;
  deps?: Partial<SyncPipelineDeps>;
};

/** The real pipeline over the file's stores, its webhook forwarding to the world's endpoints. */
export function forwardingPipeline(world: ForwardWorld) {
  const endpoints = world.endpoints ?? [{ userAccountId: ENDPOINT_A, eventTypes: ['EMAIL_SENT'] }];
  const urls: Record<string, string> = { [ENDPOINT_A]: URL_A, [ENDPOINT_B]: URL_B };
  return pipelineWith(world.models, world.writer, {
    now: world.now,
    circuits: circuitNeverOpens,
    maxAttempts: 9,
    loadContext: () =>
      Promise.resolve({
        ...contextWith(world.writer),
        endpoints,
        profileCanForward: world.canForward?.() ?? true,
      }),
    endpoint: (id) => {
      const url = urls[id];
      return Promise.resolve(url ? { url, secret: 'whsec_forward_test' } : null);
    },
    fetch: world.fetch,
    ...world.deps,
  });
}

/** The stored event, with its forward states as the pipeline recorded them. */
export async function storedEvent(models: PipelineModels, id: Types.ObjectId) {
  const doc = await models.events.findById(id).lean();
  if (!doc) throw new Error('the event is gone');
  const forwards = (doc.steps.forwards ?? []) as ForwardDelivery[];
  return { ...doc, forwards };
}
