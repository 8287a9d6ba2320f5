// HubSpot's object types, their ids and default properties, and the HUBSPOT_DEFINED
// association type ids (external-apis.md §1.3) the product writes with.

export const HUBSPOT_OBJECT_TYPES = ['contacts', 'companies', 'emails', 'tasks'] as const;
export type HubspotObjectType = (typeof HUBSPOT_OBJECT_TYPES)[number];

const ALIASES: Record<string, HubspotObjectType> = {
  contacts: 'contacts',
  contact: 'contacts',
  '0-1': 'contacts',
  companies: 'companies',
  company: 'companies',
  '0-2': 'companies',
  emails: 'emails',
  email: 'emails',
  '0-49': 'emails',
  tasks: 'tasks',
  task: 'tasks',
  '0-27': 'tasks',
};

export const OBJECT_TYPE_IDS: Record<HubspotObjectType, string> = {
  contacts: '0-1',
  companies: '0-2',
  emails: '0-49',
  tasks: '0-27',
};

export function objectTypeOf(name: string | undefined): HubspotObjectType | undefined {
  return name === undefined ? undefined : ALIASES[name.toLowerCase()];
}

/** Unlabelled association type id for each ordered pair. */
const DEFAULT_ASSOCIATION_TYPE: Record<string, number> = {
  'contacts>companies': 279,
  'companies>contacts': 280,
  'emails>contacts': 198,
  'contacts>emails': 197,
  'emails>companies': 186,
  'companies>emails': 185,
  'tasks>contacts': 204,
  'contacts>tasks': 203,
  'tasks>companies': 192,
  'companies>tasks': 191,
};

/** Labelled ids that mean something else than the default, with their inverse. */
const INVERSE_TYPE: Record<number, number> = { 1: 2, 2: 1 };

export function defaultAssociationType(
  from: HubspotObjectType,
  to: HubspotObjectType,
): number | undefined {
  return DEFAULT_ASSOCIATION_TYPE[`${from}>${to}`];
}

/** The type id seen from the other side, so associations read the same from both ends. */
export function inverseAssociationType(
  from: HubspotObjectType,
  to: HubspotObjectType,
  typeId: number,
): number {
  if (defaultAssociationType(from, to) === typeId)
    return defaultAssociationType(to, from) ?? typeId;
  return INVERSE_TYPE[typeId] ?? typeId;
}

const SINGULAR: Record<HubspotObjectType, string> = {
  contacts: 'contact',
  companies: 'company',
  emails: 'email',
  tasks: 'task',
};

/** Contact↔company have a labelled primary pair (1/2) beside the unlabelled default. */
const UNLABELED_PAIRS = new Set(['contacts>companies', 'companies>contacts']);

/**
 * The `type` of an inline (v3) association: `<from>_to_<to>` in singular object names, as
 * HubSpot's association type list names them (`contact_to_company` for the primary type 1,
 * `contact_to_company_unlabeled` for the default 279, `task_to_contact` for 204).
 */
export function associationTypeName(
  from: HubspotObjectType,
  to: HubspotObjectType,
  typeId: number,
): string {
  const base = `${SINGULAR[from]}_to_${SINGULAR[to]}`;
  return UNLABELED_PAIRS.has(`${from}>${to}`) && defaultAssociationType(from, to) === typeId
    ? `${base}_unlabeled`
    : base;
}

export function associationLabel(typeId: number): string | null {
  return typeId === 1 || typeId === 2 ? 'Primary' : null;
}

export interface PropertyDefinition {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  description: string;
  options: Array<{ label: string; value: string; hidden: boolean; displayOrder?: number }>;
  hasUniqueValue: boolean;
  hubspotDefined: boolean;
  hidden: boolean;
  formField: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

type Seed = [name: string, label: string, type?: string, fieldType?: string, options?: string[]];

const DEFAULT_PROPERTIES: Record<HubspotObjectType, Seed[]> = {
  contacts: [
    ['email', 'Email'],
    ['firstname', 'First Name'],
    ['lastname', 'Last Name'],
    ['company', 'Company Name'],
    ['jobtitle', 'Job Title'],
    ['phone', 'Phone Number', 'string', 'phonenumber'],
    ['website', 'Website URL'],
    ['city', 'City'],
    ['country', 'Country/Region'],
    ['hs_linkedin_url', 'LinkedIn URL'],
    ['hubspot_owner_id', 'Contact owner', 'enumeration', 'select'],
    [
      'lifecyclestage',
      'Lifecycle Stage',
      'enumeration',
      'radio',
      [
        'subscriber',
        'lead',
        'marketingqualifiedlead',
        'salesqualifiedlead',
        'opportunity',
        'customer',
      ],
    ],
    [
      'hs_lead_status',
      'Lead Status',
      'enumeration',
      'radio',
      [
        'NEW',
        'OPEN',
        'IN_PROGRESS',
        'OPEN_DEAL',
        'UNQUALIFIED',
        'ATTEMPTED_TO_CONTACT',
        'CONNECTED',
        'BAD_TIMING',
      ],
    ],
    ['createdate', 'Create Date', 'datetime', 'date'],
    ['lastmodifieddate', 'Last Modified Date', 'datetime', 'date'],
    ['hs_object_id', 'Record ID', 'number', 'number'],
  ],
  companies: [
    ['name', 'Company name'],
    ['domain', 'Company Domain Name'],
    // The company's other domains, `;`-separated as HubSpot keeps them.
    ['hs_additional_domains', 'Additional Domains'],
    ['website', 'Website URL'],
    ['industry', 'Industry'],
    ['city', 'City'],
    ['country', 'Country/Region'],
    ['hubspot_owner_id', 'Company owner', 'enumeration', 'select'],
    ['createdate', 'Create Date', 'datetime', 'date'],
    ['hs_lastmodifieddate', 'Last Modified Date', 'datetime', 'date'],
    ['hs_object_id', 'Record ID', 'number', 'number'],
  ],
  emails: [
    ['hs_timestamp', 'Activity date', 'datetime', 'date'],
    [
      'hs_email_direction',
      'Email direction',
      'enumeration',
      'select',
      ['EMAIL', 'INCOMING_EMAIL', 'FORWARDED_EMAIL'],
    ],
    [
      'hs_email_status',
      'Email send status',
      'enumeration',
      'select',
      ['BOUNCED', 'FAILED', 'SCHEDULED', 'SENDING', 'SENT'],
    ],
    ['hs_email_subject', 'Email subject'],
    ['hs_email_text', 'Email body', 'string', 'textarea'],
    ['hs_email_html', 'Email HTML body', 'string', 'html'],
    ['hs_email_headers', 'Email headers', 'string', 'textarea'],
    ['hs_attachment_ids', 'Attachment IDs'],
    ['hubspot_owner_id', 'Activity assigned to', 'enumeration', 'select'],
    ['hs_createdate', 'Create Date', 'datetime', 'date'],
    ['hs_lastmodifieddate', 'Last Modified Date', 'datetime', 'date'],
    ['hs_object_id', 'Record ID', 'number', 'number'],
  ],
  tasks: [
    ['hs_timestamp', 'Due date', 'datetime', 'date'],
    ['hs_task_subject', 'Task Title'],
    ['hs_task_body', 'Notes', 'string', 'textarea'],
    [
      'hs_task_status',
      'Task Status',
      'enumeration',
      'select',
      ['NOT_STARTED', 'IN_PROGRESS', 'WAITING', 'COMPLETED', 'DEFERRED'],
    ],
    ['hs_task_priority', 'Priority', 'enumeration', 'select', ['NONE', 'LOW', 'MEDIUM', 'HIGH']],
    ['hs_task_type', 'Task Type', 'enumeration', 'select', ['EMAIL', 'CALL', 'TODO', 'LINKED_IN']],
    ['hs_task_reminders', 'Reminder', 'string', 'text'],
    ['hubspot_owner_id', 'Assigned to', 'enumeration', 'select'],
    ['hs_createdate', 'Create Date', 'datetime', 'date'],
    ['hs_lastmodifieddate', 'Last Modified Date', 'datetime', 'date'],
    ['hs_object_id', 'Record ID', 'number', 'number'],
  ],
};

/** Properties HubSpot maintains itself; API writes to them are ignored, as HubSpot does. */
export const READ_ONLY_PROPERTIES = new Set([
  'createdate',
  'lastmodifieddate',
  'hs_lastmodifieddate',
  'hs_createdate',
  'hs_object_id',
]);

/** What a read returns when the caller names no properties. */
export const DEFAULT_READ_PROPERTIES: Record<HubspotObjectType, string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'createdate', 'lastmodifieddate', 'hs_object_id'],
  companies: ['name', 'domain', 'createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  emails: ['hs_timestamp', 'hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  tasks: ['hs_timestamp', 'hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
};

export function defaultProperties(
  objectType: HubspotObjectType,
  now: string,
): PropertyDefinition[] {
  return DEFAULT_PROPERTIES[objectType].map(
    ([name, label, type = 'string', fieldType = 'text', options = []], index) => ({
      name,
      label,
      type,
      fieldType,
      groupName: groupOf(objectType),
      description: '',
      options: options.map((value, order) => ({
        label: value,
        value,
        hidden: false,
        displayOrder: order,
      })),
      hasUniqueValue: false,
      hubspotDefined: true,
      hidden: false,
      formField: false,
      displayOrder: index,
      createdAt: now,
      updatedAt: now,
      archived: false,
    }),
  );
}

export interface PropertyGroup {
  name: string;
  label: string;
  displayOrder: number;
  archived: boolean;
}

/** The group each type's HubSpot-defined properties belong to, as a portal starts. */
export function defaultGroups(objectType: HubspotObjectType): PropertyGroup[] {
  const label = {
    contacts: 'Contact information',
    companies: 'Company information',
    emails: 'Email information',
    tasks: 'Task information',
  }[objectType];
  return [{ name: groupOf(objectType), label, displayOrder: 0, archived: false }];
}

export function groupOf(objectType: HubspotObjectType): string {
  return {
    contacts: 'contactinformation',
    companies: 'companyinformation',
    emails: 'email_information',
    tasks: 'task_information',
  }[objectType];
}
