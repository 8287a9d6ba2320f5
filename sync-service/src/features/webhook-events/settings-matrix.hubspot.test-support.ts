// The HubSpot settings matrix's set-up: the sandbox portal read through its `/_state/hubspot`
// JSON, records seeded through its API, and the case shapes the rows repeat.
import { HUBSPOT_DEMO_HUB_ID, HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '@outsync/sandbox';
import type { SandboxTestApp } from '../../testing/sandbox-test-app';
import { REPLY_TEXT, lead, smartlead } from './settings-matrix.payloads.test-support';
import {
  startMatrixApp,
  type MatrixApp,
  type MatrixCase,
  type MatrixRow,
} from './settings-matrix.test-support';

export type HubspotRow = { id: string; associations: string } & Record<
  string,
  string | null | undefined
>;
export type HubspotView = {
  contacts: HubspotRow[];
  companies: HubspotRow[];
  emails: HubspotRow[];
  tasks: HubspotRow[];
};
type Case = MatrixCase<HubspotView>;

/** The sandbox portal's owners: Dana Admin (the matrix's default), Sam Seller, Riley Rep. */
export const DANA = '70000001';
export const SAM = '70000002';
export const RILEY = '70000003';
/** Custom contact properties of the portal (a customer's own), for the lookup rows. */
export const EXTERNAL_ID = 'matrix_external_id';
export const LINKEDIN = 'matrix_linkedin';

/** The app on the sandbox's demo portal, with the customer's own lookup properties. */
export async function startHubspotMatrix(): Promise<MatrixApp> {
  const matrix = await startMatrixApp('HUBSPOT', {
    organizationId: String(HUBSPOT_DEMO_HUB_ID),
    accessToken: HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  });
  for (const name of [EXTERNAL_ID, LINKEDIN])
    await hubspotCreate(matrix.app, '/crm/v3/properties/contacts', {
      name,
      label: name,
      type: 'string',
      fieldType: 'text',
      groupName: 'contactinformation',
    });
  return matrix;
}

/** POSTs to the sandbox portal's API as its private app; answers the created record's id. */
export async function hubspotCreate(
  app: SandboxTestApp,
  path: string,
  body: unknown,
): Promise<string> {
  const response = await fetch(`${app.sandbox.url}/hubspot${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`HubSpot ${path}: ${await response.text()}`);
  return ((await response.json()) as { id?: string }).id ?? '';
}

/** A seed: a contact with these properties, as `{ contact: id }`. */
export function seedContact(properties: Record<string, string>) {
  return async (matrix: MatrixApp): Promise<Record<string, string>> => ({
    contact: await hubspotCreate(matrix.app, '/crm/v3/objects/contacts', { properties }),
  });
}

/** The ids a row is associated with, of one object type ("companies:12[279] tasks:40[204]"). */
function linked(row: HubspotRow, type: string): string[] {
  return (row.associations ?? '')
    .split(' ')
    .filter((edge) => edge.startsWith(`${type}:`))
    .map((edge) => edge.slice(type.length + 1).replace(/\[.*$/, ''));
}

/** The one contact holding `value` in `property` (a test fails on none or several). */
export function theContact(view: HubspotView, value: string, property = 'email'): HubspotRow {
  const rows = view.contacts.filter((row) => row[property] === value);
  expect(rows.map((row) => row[property])).toEqual([value]);
  return rows[0] as HubspotRow;
}

/** The contact of `lead(slug)`, by its e-mail. */
export const byEmail = (view: HubspotView, slug: string) =>
  theContact(view, `lead@${slug}.example`);

/** The contact of `lead(slug)`, by its profile URL in `property`. */
export const byProfile = (view: HubspotView, slug: string, property = 'hs_linkedin_url') =>
  theContact(view, `https://www.linkedin.com/in/${slug}`, property);

export function tasksOf(view: HubspotView, contact: HubspotRow): HubspotRow[] {
  return view.tasks.filter((task) => linked(task, 'contacts').includes(contact.id));
}

export const taskSubjects = (view: HubspotView, contact: HubspotRow) =>
  tasksOf(view, contact).map((task) => task.hs_task_subject);

export function emailsOf(view: HubspotView, contact: HubspotRow): HubspotRow[] {
  return view.emails.filter((email) => linked(email, 'contacts').includes(contact.id));
}

export function companiesOf(view: HubspotView, contact: HubspotRow): HubspotRow[] {
  return view.companies.filter((company) => linked(contact, 'companies').includes(company.id));
}

export function companiesWith(view: HubspotView, domain: string): HubspotRow[] {
  return view.companies.filter((company) => company.domain === domain);
}

/** Events of one lead (`lead@{slug}.example`), whose contact then holds `properties`. */
export function contactCase(
  name: string,
  platform: Case['platform'],
  slug: string,
  events: Array<Record<string, unknown>>,
  properties: Record<string, string | null>,
  settings?: Case['settings'],
): Case {
  return {
    name,
    platform,
    settings,
    steps: [events],
    check: ({ view }) => expect(byEmail(view, slug)).toMatchObject(properties),
  };
}

/** One Smartlead e-mail open of `lead@{slug}.example`: the tasks it made, and no e-mail. */
export function openCase(
  name: string,
  slug: string,
  settings: Case['settings'],
  tasks: string[],
): Case {
  return {
    name,
    platform: 'smartlead',
    settings,
    steps: [[smartlead('EMAIL_OPEN', lead(slug))]],
    check: ({ view }) => {
      expect(taskSubjects(view, byEmail(view, slug))).toEqual(tasks);
      expect(emailsOf(view, byEmail(view, slug))).toEqual([]);
    },
  };
}

/** An event whose lead's domain gets no company. */
export function noCompany(
  name: string,
  platform: Case['platform'],
  on: boolean,
  event: Record<string, unknown>,
): Case {
  return {
    name: `${name}: no company`,
    platform,
    settings: { createOrUpdateCompany: on },
    steps: [[event]],
    check: ({ view }) =>
      expect(view.companies.filter((company) => String(company.domain).startsWith('co-'))).toEqual(
        [],
      ),
  };
}

/** A Salesforce setting stored on a HubSpot webhook: the contact is written as ever. */
export function salesforceOnly(
  setting: string,
  settings: Case['settings'],
): MatrixRow<HubspotView> {
  const slug = setting.toLowerCase();
  return {
    offered: false,
    effect: 'a Salesforce setting: HubSpot writes its contact as ever',
    cases: [
      contactCase(
        `${JSON.stringify(settings)}: the contact is written`,
        'smartlead',
        slug,
        [smartlead('EMAIL_REPLY', lead(slug))],
        { os_last_reply_message: REPLY_TEXT },
        settings,
      ),
    ],
  };
}
