import { z } from 'zod';
import type {
  HubspotBatchError,
  HubspotProperties,
} from '../../../connectors/crm/hubspot/hubspot-objects.types';
import type { StepOutcomes } from '../write-outcomes';
import { contactProperties, counterIncrements } from './hubspot-mapping';
import type { PropertyCatalog, PropertyRefusal } from './hubspot-properties';
import { OUTSYNC_CONTACT_PROPERTIES } from './hubspot-property-catalog';
import type { HubspotItem } from './hubspot-write-context';

// Partial success (issue 29): a contact property HubSpot will not take is left out of the
// contact's write, and the event is written with a warning that says how many were left out,
// why, and what fixes it (docs/partial-success.md).

/** A property a contact write was refused for, as HubSpot's VALIDATION_ERROR names it. */
export type RefusedProperty = { name: string; error: string; message: string };

const ProblemSchema = z.looseObject({
  name: z.string(),
  error: z.string(),
  message: z.string().optional(),
});

const OUTSYNC_NAMES: ReadonlySet<string> = new Set(
  OUTSYNC_CONTACT_PROPERTIES.map(({ name }) => name),
);

export function isOutsyncProperty(name: string): boolean {
  return OUTSYNC_NAMES.has(name);
}

/**
 * The properties a refusal names: HubSpot's message is `Property values were not valid: [{"isValid":
 * false,"message":…,"error":"PROPERTY_DOESNT_EXIST","name":…}, …]`. Empty when it names none.
 */
export function refusedProperties(error: HubspotBatchError): RefusedProperty[] {
  const problems: RefusedProperty[] = [];
  for (const [text] of error.message.matchAll(/\{[^{}]*\}/g)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const problem = ProblemSchema.safeParse(value);
    if (problem.success)
      problems.push({
        name: problem.data.name,
        error: problem.data.error,
        message: problem.data.message ?? problem.data.error,
      });
  }
  return problems;
}

/**
 * A property HubSpot will not let OutSync write whatever the value: read-only (calculated), or
 * one the portal lacks that is not OutSync's own (a lookup property of the webhook's settings).
 * An `os_*` property gone from the portal is not: the catalog is checked again and it is created.
 */
export function isSkippable(problem: RefusedProperty): boolean {
  if (
    problem.error === 'READ_ONLY_VALUE' ||
    /read[ -]?only|calculated property/i.test(problem.message)
  )
    return true;
  return problem.error === 'PROPERTY_DOESNT_EXIST' && !OUTSYNC_NAMES.has(problem.name);
}

/** The properties without those named. */
export function without(properties: HubspotProperties, names: ReadonlySet<string>) {
  return Object.fromEntries(Object.entries(properties).filter(([name]) => !names.has(name)));
}

/** The OutSync properties an event writes that the portal lacks. */
export function missingPropertiesOf(item: HubspotItem, catalog: PropertyCatalog): string[] {
  if (catalog.missing.size === 0) return [];
  const names = [
    ...Object.keys(contactProperties(item.event, item.settings)),
    ...Object.keys(counterIncrements(item.event, item.settings)),
  ];
  return names.filter((name) => catalog.missing.has(name));
}

/** "10 properties skipped (os_a, os_b, os_c and 7 more)" */
function skippedPart(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  const count = names.length === 1 ? '1 property' : `${names.length} properties`;
  return `${count} skipped (${shown}${more})`;
}

/** The warning for OutSync properties the portal lacks and OutSync could not create. */
export function missingWarning(names: readonly string[], refusal: PropertyRefusal): string {
  return `${skippedPart(names)}: ${refusal.cause} — ${refusal.fix}.`;
}

/** The warning for properties HubSpot refused to write on the contact. */
export function refusedWarning(problems: readonly RefusedProperty[]): string {
  const byName = new Map(problems.map((problem) => [problem.name, problem]));
  const reasons = [...byName.values()].map(({ name, message }) => `${name}: ${message}`);
  return (
    `${skippedPart([...byName.keys()])}: HubSpot refused the values (${reasons.join('; ')})` +
    " — check HubSpot's property settings and the webhook's lookup properties."
  );
}

/** The sentences of each event's warning, said once per event when the step ends. */
export function createSkipWarnings() {
  const sentences = new Map<string, string[]>();
  return {
    add(ids: Iterable<string>, sentence: string) {
      for (const id of ids) {
        const said = sentences.get(id) ?? [];
        if (!said.includes(sentence)) sentences.set(id, [...said, sentence]);
      }
    },
    /** One warning per event (an event's `written` outcome carries one). */
    warn(outcomes: StepOutcomes) {
      for (const [id, said] of sentences) outcomes.warn(id, said.join(' '));
    },
  };
}

export type SkipWarnings = ReturnType<typeof createSkipWarnings>;
