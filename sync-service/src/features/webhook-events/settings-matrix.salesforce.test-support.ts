// The Salesforce settings matrix's set-up: the sandbox's demo org read through its
// `/_state/salesforce` JSON, records seeded and fields made through its REST and Tooling APIs,
// and the case shapes the rows repeat.
import {
  SALESFORCE_DEMO_ACCESS_TOKEN,
  SALESFORCE_DEMO_INSTANCE_PATH,
  SALESFORCE_DEMO_ORG_ID,
} from '@outsync/sandbox';
import type { SandboxTestApp } from '../../testing/sandbox-test-app';
import { lead, smartlead } from './settings-matrix.payloads.test-support';
import {
  startMatrixApp,
  type MatrixApp,
  type MatrixCase,
  type MatrixRow,
} from './settings-matrix.test-support';

export type SalesforceRow = { Id: string } & Record<string, unknown>;
export type SalesforceView = {
  contacts: SalesforceRow[];
  leads: SalesforceRow[];
  accounts: SalesforceRow[];
  tasks: SalesforceRow[];
};
type Case = MatrixCase<SalesforceView>;

/** A customer's own text fields on Lead and Contact, for the lookup rows. */
export const EXTERNAL_ID = 'Matrix_External_Id__c';
export const LINKEDIN = 'Matrix_LinkedIn__c';

/** The demo org's users, by e-mail: Dana Admin (the matrix's default owner), Sam and Riley. */
export const users = { dana: '', sam: '', riley: '' };

function restUrl(app: SandboxTestApp, path: string): string {
  return `${app.sandbox.url}${SALESFORCE_DEMO_INSTANCE_PATH}/services/data/v62.0${path}`;
}

/** POSTs to the sandbox org as the demo session; answers the created record's id. */
export async function salesforceCreate(
  app: SandboxTestApp,
  path: string,
  body: unknown,
): Promise<string> {
  const response = await fetch(restUrl(app, path), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`Salesforce ${path}: ${await response.text()}`);
  return ((await response.json()) as { id?: string }).id ?? '';
}

async function soql<Row>(app: SandboxTestApp, query: string): Promise<Row[]> {
  const response = await fetch(restUrl(app, `/query?q=${encodeURIComponent(query)}`), {
    headers: { authorization: `Bearer ${SALESFORCE_DEMO_ACCESS_TOKEN}` },
  });
  if (response.status !== 200) throw new Error(`SOQL answered ${await response.text()}`);
  return ((await response.json()) as { records: Row[] }).records;
}

/**
 * The app on the demo org, with OutSync's fields made by 'Create Fields' (for Contact and Lead,
 * through the OutSync_Integration permission set) and two fields of the customer's own that the
 * same set lets the integration user read and edit.
 */
export async function startSalesforceMatrix(): Promise<MatrixApp> {
  const matrix = await startMatrixApp('SALESFORCE', {
    organizationId: SALESFORCE_DEMO_ORG_ID,
    accessToken: SALESFORCE_DEMO_ACCESS_TOKEN,
    instancePath: SALESFORCE_DEMO_INSTANCE_PATH,
  });
  const { app, ownerClient, profileId } = matrix;
  for (const user of await soql<{ Id: string; Email: string }>(app, 'SELECT Id, Email FROM User'))
    for (const name of ['dana', 'sam', 'riley'] as const)
      if (user.Email.startsWith(`${name}.`)) users[name] = user.Id;
  const sets = await ownerClient.get<Array<{ Id: string; Name: string }>>(
    `/api/admin/salesforce/permissions/${profileId.toString()}`,
  );
  const permissionId = sets.body.find((set) => set.Name === 'OutSync Integration')?.Id ?? '';
  const created = await ownerClient.post<{ success: boolean }>('/api/admin/salesforce/properties', {
    userProfileId: profileId.toString(),
    permissionId,
    customFields: ['Contact', 'Lead'],
  });
  if (!created.body.success) throw new Error(`Create Fields failed: ${JSON.stringify(created)}`);
  for (const name of [EXTERNAL_ID, LINKEDIN])
    for (const object of ['Lead', 'Contact']) {
      await salesforceCreate(app, '/tooling/sobjects/CustomField', {
        FullName: `${object}.${name}`,
        Metadata: { label: name.replace(/__c$/, ''), type: 'Text', length: 255 },
      });
      await salesforceCreate(app, '/sobjects/FieldPermissions', {
        ParentId: permissionId,
        SobjectType: object,
        Field: `${object}.${name}`,
        PermissionsRead: true,
        PermissionsEdit: true,
      });
    }
  return matrix;
}

/** A seed: a record of `object` with these fields (LastName 'Old', a Lead's Company 'Old Co' unless told), as `{ person: id }`. */
export function seedPerson(object: 'Lead' | 'Contact', fields: Record<string, unknown>) {
  const required = object === 'Lead' ? { LastName: 'Old', Company: 'Old Co' } : { LastName: 'Old' };
  return async (matrix: MatrixApp): Promise<Record<string, string>> => ({
    person: await salesforceCreate(matrix.app, `/sobjects/${object}`, { ...required, ...fields }),
  });
}

/** The one row of `rows` holding `value` in `field` (a test fails on none or several). */
export function the(rows: SalesforceRow[], value: string, field = 'Email'): SalesforceRow {
  const found = rows.filter((row) => row[field] === value);
  expect(found.map((row) => row[field])).toEqual([value]);
  return found[0] as SalesforceRow;
}

/** The person of `lead(slug)` among `rows` (contacts or leads), by its e-mail. */
export const person = (rows: SalesforceRow[], slug: string) => the(rows, `lead@${slug}.example`);

export function tasksOf(view: SalesforceView, who: SalesforceRow): SalesforceRow[] {
  return view.tasks.filter((task) => task.WhoId === who.Id);
}

/** The Tasks' fields named, one entry per Task. */
export function taskFields(
  view: SalesforceView,
  who: SalesforceRow,
  fields: readonly string[],
): unknown[][] {
  return tasksOf(view, who).map((task) => fields.map((field) => task[field] ?? null));
}

/** OutSync's fields a row holds a value in. */
export function outsyncFields(row: SalesforceRow): string[] {
  return Object.keys(row).filter((name) => name.startsWith('OS') && row[name] !== null);
}

/** The seeded person is the one of `lead(slug)` among `rows`, updated with the event's name. */
export function updated(rows: SalesforceRow[], slug: string, seeded: Record<string, string>): void {
  expect(person(rows, slug)).toMatchObject({ Id: seeded.person, FirstName: 'Ada' });
}

/** No person of `lead(slug)` among `rows`. */
export function noPerson(rows: SalesforceRow[], slug: string): void {
  expect(rows.filter((row) => row.Email === `lead@${slug}.example`)).toEqual([]);
}

/** Events of one lead whose person (`object`, by e-mail) then holds `fields`. */
export function personCase(
  name: string,
  platform: Case['platform'],
  slug: string,
  events: Array<Record<string, unknown>>,
  fields: Record<string, unknown>,
  settings: Case['settings'] = {},
): Case {
  const object =
    typeof settings === 'object' && settings.salesforceObjectType === 'Lead' ? 'leads' : 'contacts';
  return {
    name,
    platform,
    settings,
    steps: [events],
    check: ({ view }) => expect(person(view[object], slug)).toMatchObject(fields),
  };
}

export const TASK = ['Subject', 'Type', 'TaskSubtype', 'Status'] as const;
export const LEAD_OBJECT = { salesforceObjectType: 'Lead' } as const;
export const TASKS_ON = { logType: 1, salesforceTaskType: 'Email' } as const;

/** One Smartlead event of `lead@{slug}.example` (a Contact unless told), and its Tasks' fields. */
export function taskCase(
  name: string,
  slug: string,
  type: 'EMAIL_OPEN' | 'EMAIL_REPLY',
  settings: Case['settings'],
  tasks: unknown[][],
  fields: readonly string[] = TASK,
): Case {
  return {
    name,
    platform: 'smartlead',
    settings,
    steps: [[smartlead(type, lead(slug))]],
    check: ({ view }) =>
      expect(taskFields(view, person(view.contacts, slug), fields)).toEqual(tasks),
  };
}

/** A HubSpot switch set on a Salesforce webhook (its form does not offer it): nothing changes. */
export function notOffered(
  setting: string,
  value: boolean,
  effect: string,
): MatrixRow<SalesforceView> {
  const slug = setting.toLowerCase();
  return {
    offered: false,
    effect: `a HubSpot switch: ${effect}`,
    cases: [
      {
        name: `${String(value)}: an open and a reply written as without it, by the selected owner`,
        platform: 'smartlead',
        settings: { [setting]: value },
        steps: [[smartlead('EMAIL_OPEN', lead(slug)), smartlead('EMAIL_REPLY', lead(slug))]],
        check: ({ view }) => {
          const contact = person(view.contacts, slug);
          expect(taskFields(view, contact, ['Subject', 'TaskSubtype'])).toEqual([
            ['Re: Quick question', 'Email'],
          ]);
          // The Account of the lead's company, as without the switch.
          expect(
            view.accounts.filter((row) => row.Id === contact.AccountId).map((row) => row.Name),
          ).toEqual([`${slug} Widgets GmbH`]);
          expect(contact.OwnerId).toBe(users.dana);
        },
      },
    ],
  };
}
