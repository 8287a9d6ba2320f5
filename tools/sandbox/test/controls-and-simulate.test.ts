import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_KEY,
  SMARTLEAD_DEMO_API_KEY,
} from '../src/index.ts';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

const auth = { authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}` };
let sandbox: TestSandbox;
let receiver: Server;
let receiverUrl = '';
const received: Array<{ path: string; body: Record<string, unknown> }> = [];

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
  });
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Our stand-in for the product's webhook receiver: refuses the path /reject.
  receiver = createServer((request, response) => {
    void readJson(request).then((body) => {
      received.push({ path: request.url ?? '', body });
      response.statusCode = request.url === '/reject' ? 422 : 202;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.stop();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  await sandbox.request('POST', '/_seed');
});

describe('event generator', () => {
  it.each([
    ['smartlead', (body: Record<string, unknown>) => [body.event_type, typeof body.sl_lead_email]],
    ['instantly', (body: Record<string, unknown>) => [body.event_type, typeof body.lead_email]],
    [
      'bison',
      (body: Record<string, unknown>) => [
        at(body, 'event', 'type'),
        typeof at(body, 'data', 'lead', 'email'),
      ],
    ],
    [
      'heyreach',
      (body: Record<string, unknown>) => [body.event_type, typeof at(body, 'lead', 'profile_url')],
    ],
  ])('posts %s payloads and reports how many were accepted', async (platform, shape) => {
    const report = await sandbox.request('POST', '/simulate/campaign', {
      body: { webhookUrl: `${receiverUrl}/hook`, platform, leads: 3, events: 6, ratePerSecond: 0 },
    });
    expect(report.status).toBe(200);
    expect([
      at(report.body, 'sent'),
      at(report.body, 'accepted'),
      at(report.body, 'rejected'),
    ]).toEqual([6, 6, 0]);
    expect(received).toHaveLength(6);
    const [eventType, emailType] = shape(received[0]?.body ?? {});
    expect(typeof eventType).toBe('string');
    expect(emailType).toBe('string');
  });

  it('uses the given event types and registers the leads with the platform', async () => {
    const report = await sandbox.request('POST', '/simulate/campaign', {
      body: {
        webhookUrl: `${receiverUrl}/reject`,
        platform: 'smartlead',
        eventTypes: ['EMAIL_REPLY'],
        leads: ['Lead.One@acme.example'],
        events: 2,
        ratePerSecond: 0,
      },
    });
    expect([at(report.body, 'accepted'), at(report.body, 'rejected')]).toEqual([0, 2]);
    expect(at(report.body, 'statusCounts', '422')).toBe(2);
    expect(received.map((event) => event.body.event_type)).toEqual(['EMAIL_REPLY', 'EMAIL_REPLY']);
    expect(at(received[0]?.body, 'leadCorrespondence', 'targetLeadEmail')).toBe(
      'lead.one@acme.example',
    );
    const lookup = await sandbox.request(
      'GET',
      `/smartlead/api/v1/leads/?api_key=${SMARTLEAD_DEMO_API_KEY}&email=lead.one@acme.example`,
    );
    expect(lookup.status).toBe(200);
  });

  it('refuses an unknown platform', async () => {
    expect(
      (
        await sandbox.request('POST', '/simulate/campaign', {
          body: { webhookUrl: receiverUrl, platform: 'myspace' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('controls', () => {
  it('injects errors only on the path named, and after applying the request when asked', async () => {
    await sandbox.request('POST', '/_faults', {
      body: {
        system: 'hubspot',
        errorRate: 1,
        errorPath: '/objects/emails',
        errorAfterApply: true,
      },
    });
    const email = await sandbox.request('POST', '/hubspot/crm/v3/objects/emails', {
      headers: auth,
      body: {
        properties: { hs_timestamp: '2026-05-01T10:00:00.000Z', hs_email_subject: 'Lost answer' },
      },
    });
    const contact = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts', {
      headers: auth,
      body: { properties: { email: 'not-faulted@controls.example' } },
    });
    await sandbox.request('POST', '/_faults', {
      body: { system: 'hubspot', errorRate: 0, errorPath: null, errorAfterApply: false },
    });

    expect(email.status).toBe(503);
    expect(at(email.body, 'category')).toBe('INTERNAL_ERROR');
    expect(contact.status).toBe(201);
    // The e-mail was created all the same: only its answer was lost.
    const found = await sandbox.request('POST', '/hubspot/crm/v3/objects/emails/search', {
      headers: auth,
      body: {
        filterGroups: [
          { filters: [{ propertyName: 'hs_email_subject', operator: 'EQ', value: 'Lost answer' }] },
        ],
      },
    });
    expect(at(found.body, 'total')).toBe(1);
  });

  it('injects errors per system and clears them on reset', async () => {
    await sandbox.request('POST', '/_faults', { body: { system: 'instantly', errorRate: 1 } });
    const failing = await sandbox.request('GET', '/instantly/api/v2/workspaces/current', {
      headers: { authorization: 'Bearer x' },
    });
    expect(failing.status).toBe(503);
    expect(at(failing.body, 'statusCode')).toBe(503);
    expect((await sandbox.request('GET', '/hubspot/crm/v3/owners', { headers: auth })).status).toBe(
      200,
    );
    expect(
      (await sandbox.request('POST', '/_faults', { body: { system: 'nowhere' } })).status,
    ).toBe(400);

    await sandbox.request('POST', '/_reset');
    const stats = await sandbox.request('GET', '/_stats');
    expect(at(stats.body, 'total')).toBe(0);
    const owners = await sandbox.request('GET', '/hubspot/crm/v3/owners', { headers: auth });
    expect(at(owners.body, 'results')).toEqual([]);
  });

  it('counts requests per system and route', async () => {
    await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/batch/upsert', {
      headers: auth,
      body: { inputs: [] },
    });
    await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts/batch/upsert', {
      headers: auth,
      body: { inputs: [] },
    });
    const stats = await sandbox.request('GET', '/_stats');
    expect(
      at(
        stats.body,
        'systems',
        'hubspot',
        'byRoute',
        'POST /hubspot/crm/v3/objects/:objectType/batch/upsert',
      ),
    ).toBe(2);
  });
});

describe('inspection', () => {
  it('shows what the product wrote, escaped, with the same data as JSON', async () => {
    await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts', {
      headers: auth,
      body: {
        properties: { email: 'x@evil.example', firstname: '<script>alert(1)</script>' },
        associations: [],
      },
    });
    const page = await sandbox.request('GET', '/inspect/hubspot');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    const json = await sandbox.request('GET', '/_state/hubspot');
    expect(
      (at(json.body, 'contacts') as Array<{ email?: string }>).some(
        (contact) => contact.email === 'x@evil.example',
      ),
    ).toBe(true);
    for (const system of ['salesforce', 'smartlead', 'instantly', 'bison', 'heyreach']) {
      expect((await sandbox.request('GET', `/inspect/${system}`)).status).toBe(200);
    }
    expect((await sandbox.request('GET', '/')).body).toContain('OutSync sandbox');
  });

  it('leads the CRMs’ record links to the record’s row on the inspection page', async () => {
    const created = await sandbox.request('POST', '/hubspot/crm/v3/objects/contacts', {
      headers: auth,
      body: { properties: { email: 'linked@record.example' }, associations: [] },
    });
    const contactId = String(at(created.body, 'id'));
    const hubspotLink = await sandbox.request(
      'GET',
      `/contacts/${HUBSPOT_DEMO_HUB_ID}/record/0-1/${contactId}`,
    );
    expect(hubspotLink.status).toBe(302);
    expect(hubspotLink.headers.get('location')).toBe(
      `/inspect/hubspot?tenant=${HUBSPOT_DEMO_HUB_ID}#record-${contactId}`,
    );
    const page = String(
      (await sandbox.request('GET', `/inspect/hubspot?tenant=${HUBSPOT_DEMO_HUB_ID}`)).body,
    );
    expect(page).toContain(`<tr id="record-${contactId}">`);

    const salesforceLink = await sandbox.request(
      'GET',
      `${SALESFORCE_DEMO_INSTANCE_PATH}/lightning/r/Contact/003ABC/view`,
    );
    expect(salesforceLink.status).toBe(302);
    expect(salesforceLink.headers.get('location')).toBe(
      `/inspect/salesforce?tenant=${SALESFORCE_DEMO_ORG_KEY}#record-003ABC`,
    );
  });
});
