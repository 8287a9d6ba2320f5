// Two Salesforce writers that share nothing but the create claims (as two worker processes do)
// write, at the same moment, new Contacts of different leads of one new company into the sandbox
// org: exactly one Account of the company must exist afterwards, and every Contact belongs to it.
// The claims here are an in-memory store with the claim store's rules (the database's is
// features/webhook-events/create-claims-store.ts).
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_ID,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { CanonicalLead } from '@outsync/contracts/sync';
import { createSalesforceClient } from '../../../connectors/crm/salesforce';
import type { CreateClaim, CreateClaims, WriteItem } from '../crm-writer';
import { TEST_LEAD, testEvent } from '../write-test-events';
import type { SalesforceWriteSettings } from './salesforce-mapping';
import { settings } from './salesforce-mapping.test-support';
import { createSalesforceFieldCache, createSalesforceWriter } from './salesforce-writer';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0, host: '127.0.0.1', rateLimits: false });
}, 60_000);
afterAll(() => sandbox?.stop());

/** One key, one holder at a time; a created key answers its record's id. */
function memoryClaims(): CreateClaims {
  const keys = new Map<string, { holder: string; recordId?: string }>();
  return {
    claim(key, holder): Promise<CreateClaim> {
      const held = keys.get(key);
      if (!held) keys.set(key, { holder });
      if (!held || held.holder === holder)
        return Promise.resolve({ kind: 'mine', afterAnother: false });
      return Promise.resolve(
        held.recordId ? { kind: 'created', recordId: held.recordId } : { kind: 'busy' },
      );
    },
    created(key, holder, recordId) {
      keys.set(key, { holder, recordId });
      return Promise.resolve();
    },
    release(key, holder) {
      if (keys.get(key)?.holder === holder && !keys.get(key)?.recordId) keys.delete(key);
      return Promise.resolve();
    },
  };
}

/** A writer as one worker process has it: its own client and field cache. */
function worker(claims: CreateClaims) {
  return createSalesforceWriter({
    client: createSalesforceClient({
      instanceUrl: `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}`,
      apiVersion: '62.0',
      auth: {
        kind: 'bearer',
        getAccessToken: () => Promise.resolve(SALESFORCE_DEMO_ACCESS_TOKEN),
        refresh: () => Promise.resolve(SALESFORCE_DEMO_ACCESS_TOKEN),
      },
    }),
    orgId: SALESFORCE_DEMO_ORG_ID,
    fieldCache: createSalesforceFieldCache(),
    createClaims: claims,
  });
}

function item(id: string, domain: string, name: string): WriteItem<SalesforceWriteSettings> {
  const lead: CanonicalLead = {
    ...TEST_LEAD,
    email: `${name}@${domain}`,
    firstName: name,
    profileUrl: null,
    company: `Company of ${domain}`,
    domain,
  };
  return {
    id,
    event: testEvent({ lead, type: 'EMAIL_OPEN', rawEventType: 'EMAIL_OPEN' }),
    settings: settings({ hubspotOwnerId: '' }),
    steps: {},
    leadKey: lead.email,
  };
}

async function soql<Row>(query: string): Promise<Row[]> {
  const response = await fetch(
    `${sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0/query?q=${encodeURIComponent(query)}`,
    { headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` } },
  );
  return ((await response.json()) as { records: Row[] }).records;
}

const record = () => Promise.resolve();

it('ten races of two workers on a new company make one Account, every new Contact in it', async () => {
  const claims = memoryClaims();
  for (let race = 1; race <= 10; race += 1) {
    const domain = `account-race-${race}.example`;
    const batches = [
      [item(`a${race}`, domain, 'ana'), item(`c${race}`, domain, 'cy')],
      [item(`b${race}`, domain, 'bo')],
    ];
    const outcomes = await Promise.all(batches.map((batch) => worker(claims).write(batch, record)));
    const kinds = outcomes.flatMap((map) => [...map.values()].map((outcome) => outcome.kind));
    expect(kinds.filter((kind) => kind !== 'written' && kind !== 'retry')).toEqual([]);
    // A Contact held back while the other worker created the Account is written by its next attempt.
    const retried = batches
      .flat()
      .filter((entry) => outcomes.some((map) => map.get(entry.id)?.kind === 'retry'));
    if (retried.length > 0) await worker(claims).write(retried, record);

    const accounts = await soql<{ Id: string; Name: string }>(
      `SELECT Id, Name FROM Account WHERE Website = '${domain}'`,
    );
    const contacts = await soql<{ Email: string; AccountId: string | null }>(
      `SELECT Email, AccountId FROM Contact WHERE Email LIKE '%@${domain}' ORDER BY Email`,
    );
    expect({ domain, accounts: accounts.map((account) => account.Name) }).toEqual({
      domain,
      accounts: [`Company of ${domain}`],
    });
    expect(contacts).toEqual(
      ['ana', 'bo', 'cy'].map((name) =>
        expect.objectContaining({ Email: `${name}@${domain}`, AccountId: accounts[0]?.Id }),
      ),
    );
  }
}, 120_000);
