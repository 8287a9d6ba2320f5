// Generated people and companies for block-list sources (the demo lists, and the `/_sandbox`
// seed routes for tests and benchmarks). Values are realistic, deterministic (record n is the
// same in every run) and carry the traps a block-list sync must handle, in fixed proportions
// per 50 records so a test can count them:
//   e-mails:  1 upper case, 1 with surrounding whitespace, 1 IDN domain, 1 non-ASCII local
//             part, 1 invalid (no @), 2 free-mail domains
//   domains:  1 upper case, 1 with surrounding whitespace, 1 IDN domain, 1 invalid, 1 free-mail
//             domain; every 5th company also has `hs_additional_domains` (two of them for one
//             in ten of those)
// Salesforce refuses a malformed or space-padded e-mail itself, so its generator leaves those
// two traps out (`emailTraps: 'salesforce'`).

export const FIRST_NAMES = [
  'Amelia',
  'Benjamin',
  'Chloe',
  'Daniel',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jakub',
  'Kenji',
  'Layla',
  'Marco',
  'Nadia',
  'Oliver',
  'Paula',
  'Rafael',
  'Sofia',
  'Tomas',
  'Ursula',
  'Victor',
  'Wanda',
  'Xavier',
  'Yara',
  'Zane',
  'Aisha',
  'Bruno',
  'Clara',
  'Dmitri',
  'Emma',
  'Farah',
  'Gustav',
  'Hannah',
  'Ivan',
  'Julia',
  'Kwame',
  'Lucia',
  'Mateus',
  'Nina',
  'Owen',
];
export const LAST_NAMES = [
  'Abbott',
  'Becker',
  'Chen',
  'Dalton',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hoffmann',
  'Ishikawa',
  'Jansen',
  'Kaur',
  'Lindqvist',
  'Mensah',
  'Novak',
  "O'Neill",
  'Petrov',
  'Quinn',
  'Ramirez',
  'Santos',
  'Thompson',
  'Ueda',
  'Vasquez',
  'Walsh',
  'Xu',
  'Young',
  'Zimmer',
  'Andersen',
  'Bianchi',
  'Costa',
  'Duarte',
  'Evans',
  'Fontaine',
  'Gallagher',
  'Horvat',
  'Iqbal',
  'Jovanovic',
  'Keller',
  'Lambert',
  'Moreno',
  'Nakamura',
];
const COMPANY_WORDS = [
  'Brightwave',
  'Northpeak',
  'Silverline',
  'Bluestone',
  'Redwood',
  'Clearpath',
  'Ironbridge',
  'Greenfield',
  'Suncrest',
  'Harborview',
  'Quantum',
  'Evergreen',
  'Summit',
  'Pinecone',
  'Lighthouse',
  'Copperleaf',
  'Riverbend',
  'Skyward',
  'Oakridge',
  'Starling',
];
const COMPANY_KINDS = [
  'Analytics',
  'Logistics',
  'Software',
  'Health',
  'Capital',
  'Robotics',
  'Media',
  'Energy',
  'Foods',
  'Security',
  'Labs',
  'Travel',
  'Retail',
  'Consulting',
  'Systems',
];
const JOB_TITLES = ['VP Sales', 'Head of Growth', 'CTO', 'Marketing Lead', 'Procurement Manager'];
export const FREE_MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com'];
/** Internationalised domains (not in punycode), as a CRM holds them. */
const IDN_DOMAINS = [
  'müller-maschinenbau.example',
  'bücherwelt.example',
  'café-lumière.example',
  'straße-logistik.example',
  'señal-norte.example',
  'łódź-software.example',
];
const NON_ASCII_FIRST_NAMES = ['José', 'Zoë', 'Søren', 'Björn', 'François', 'Małgorzata'];

/** Slots within every 50 records: which record of the 50 carries which trap. */
const CYCLE = 50;
const EMAIL_SLOTS = {
  freeMail: [3, 23],
  upperCase: [7],
  whitespace: [17],
  idnDomain: [27],
  nonAsciiLocalPart: [37],
  invalidEmail: [43],
} as const;
const DOMAIN_SLOTS = {
  freeMailDomain: [3],
  upperCase: [7],
  whitespace: [17],
  idnDomain: [27],
  invalidDomain: [43],
} as const;

export type EmailTrap = keyof typeof EMAIL_SLOTS;
export type DomainTrap = keyof typeof DOMAIN_SLOTS;

export interface GeneratedPerson {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  jobTitle: string;
  trap?: EmailTrap;
}

export interface GeneratedCompany {
  name: string;
  domain: string;
  /** `;`-separated, as HubSpot's hs_additional_domains. */
  additionalDomains?: string;
  trap?: DomainTrap;
}

function slotTrap<T extends string>(
  slots: Record<T, readonly number[]>,
  index: number,
): T | undefined {
  const slot = index % CYCLE;
  return (Object.keys(slots) as T[]).find((trap) => slots[trap].includes(slot));
}

function pick<T>(values: readonly T[], index: number): T {
  return values[((index % values.length) + values.length) % values.length] as T;
}

/** Company `index`: a two-word name and its domain, unique for every index. */
function company(index: number): { name: string; domain: string } {
  const combos = COMPANY_WORDS.length * COMPANY_KINDS.length;
  const word = pick(COMPANY_WORDS, index);
  const kind = pick(COMPANY_KINDS, Math.floor(index / COMPANY_WORDS.length));
  const round = Math.floor(index / combos);
  const name = round === 0 ? `${word} ${kind}` : `${word} ${kind} ${round + 1}`;
  return { name, domain: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example` };
}

/** `amelia.abbott2` → `Amelia.Abbott2`. */
function capitalized(local: string): string {
  return local
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('.');
}

function asciiLocal(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * `count` people from record `start` on. Each e-mail is unique (compared without case and
 * surrounding spaces) within a run of the generator and never one of the demo people's.
 */
export function generatePeople(
  count: number,
  options: {
    start?: number;
    emailTraps?: 'all' | 'salesforce';
    /** An e-mail (lower case) the target already holds: the generator picks another. */
    taken?: (email: string) => boolean;
  } = {},
): GeneratedPerson[] {
  const start = options.start ?? 0;
  const seen = new Set<string>();
  const people: GeneratedPerson[] = [];
  for (let index = start; index < start + count; index++) {
    let trap = slotTrap(EMAIL_SLOTS, index);
    if (options.emailTraps === 'salesforce' && (trap === 'whitespace' || trap === 'invalidEmail'))
      trap = undefined;
    const firstName =
      trap === 'nonAsciiLocalPart'
        ? pick(NON_ASCII_FIRST_NAMES, Math.floor(index / CYCLE))
        : pick(FIRST_NAMES, index);
    // 7 is coprime to 40 and the block of 40 shifts it: every (first, last) pair occurs once
    // per round of 1,600, and neighbours share neither name.
    const lastName = pick(LAST_NAMES, 7 * index + Math.floor(index / FIRST_NAMES.length));
    const round = Math.floor(index / (FIRST_NAMES.length * LAST_NAMES.length));
    const employer = company(index * 7);
    const domain =
      trap === 'freeMail'
        ? pick(
            FREE_MAIL_DOMAINS,
            Math.floor(index / CYCLE) * EMAIL_SLOTS.freeMail.length +
              (EMAIL_SLOTS.freeMail as readonly number[]).indexOf(index % CYCLE),
          )
        : trap === 'idnDomain'
          ? pick(IDN_DOMAINS, Math.floor(index / CYCLE))
          : employer.domain;
    const localFirst =
      trap === 'nonAsciiLocalPart' ? firstName.toLowerCase() : asciiLocal(firstName);
    let local = `${localFirst}.${asciiLocal(lastName)}${round > 0 ? round + 1 : ''}`;
    const isTaken = (candidate: string) =>
      seen.has(candidate) || options.taken?.(candidate) === true;
    if (isTaken(`${local}@${domain}`)) local = `${local}${index}`;
    seen.add(`${local}@${domain}`);
    const email =
      trap === 'upperCase'
        ? `${capitalized(local)}@${domain.toUpperCase()}`
        : trap === 'whitespace'
          ? `  ${local}@${domain} `
          : trap === 'invalidEmail'
            ? `${local} at ${domain}`
            : `${local}@${domain}`;
    people.push({
      firstName,
      lastName,
      email,
      companyName: employer.name,
      jobTitle: pick(JOB_TITLES, index),
      ...(trap ? { trap } : {}),
    });
  }
  return people;
}

/** `count` companies from record `start` on, with domain traps and additional domains. */
export function generateCompanies(
  count: number,
  options: { start?: number } = {},
): GeneratedCompany[] {
  const start = options.start ?? 0;
  const companies: GeneratedCompany[] = [];
  for (let index = start; index < start + count; index++) {
    const trap = slotTrap(DOMAIN_SLOTS, index);
    const { name, domain } = company(index);
    const shown =
      trap === 'upperCase'
        ? domain.toUpperCase()
        : trap === 'whitespace'
          ? ` ${domain}  `
          : trap === 'idnDomain'
            ? pick(IDN_DOMAINS, Math.floor(index / CYCLE))
            : trap === 'invalidDomain'
              ? name.toLowerCase()
              : trap === 'freeMailDomain'
                ? pick(FREE_MAIL_DOMAINS, Math.floor(index / CYCLE))
                : domain;
    const base = domain.replace(/\.example$/, '');
    const additional =
      index % 5 === 1
        ? index % CYCLE === 1
          ? `${base}.example.net;${base}-group.example`
          : `${base}.example.net`
        : undefined;
    companies.push({
      name,
      domain: shown,
      ...(additional ? { additionalDomains: additional } : {}),
      ...(trap ? { trap } : {}),
    });
  }
  return companies;
}

/** How many generated e-mails carry each trap. */
export function emailTrapCounts(people: readonly GeneratedPerson[]): Record<EmailTrap, number> {
  const counts = Object.fromEntries(Object.keys(EMAIL_SLOTS).map((trap) => [trap, 0])) as Record<
    EmailTrap,
    number
  >;
  for (const person of people) if (person.trap) counts[person.trap]++;
  return counts;
}

/** How many generated domains carry each trap, and the additional domains. */
export function domainTrapCounts(
  companies: readonly GeneratedCompany[],
): Record<DomainTrap | 'withAdditionalDomains' | 'additionalDomains', number> {
  const counts = Object.fromEntries(
    [...Object.keys(DOMAIN_SLOTS), 'withAdditionalDomains', 'additionalDomains'].map((trap) => [
      trap,
      0,
    ]),
  ) as Record<DomainTrap | 'withAdditionalDomains' | 'additionalDomains', number>;
  for (const entry of companies) {
    if (entry.trap) counts[entry.trap]++;
    if (entry.additionalDomains) {
      counts.withAdditionalDomains++;
      counts.additionalDomains += entry.additionalDomains.split(';').length;
    }
  }
  return counts;
}
