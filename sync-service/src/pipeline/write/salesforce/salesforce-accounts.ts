import type { SalesforceRow } from '../../../connectors/crm/salesforce/salesforce-objects.types';
import { isConnectorError } from '../../../connectors/http';
import { claimCreates } from '../create-claims';
import {
  accountLabel,
  matchAccount,
  newAccountFields,
  wantedAccount,
  websiteSpellings,
  type WantedAccount,
} from './salesforce-account-mapping';
import type { FailureCode } from '../../failure-code';
import {
  RETRYABLE_RECORD_ERRORS,
  retryableRefusalCode,
  type PersonObjectContext,
  type PersonWrite,
} from './salesforce-write-context';

/** What the Account step settled per Account key: its id, or why its Contacts wait. */
type Resolved = {
  ids: Map<string, string>;
  /** Accounts not resolved this attempt: why, and what kind of failure (the retry resolves them). */
  held: Map<string, { message: string; code: FailureCode }>;
};

/**
 * Gives each new Contact the Account of its lead's company (`AccountId`): the org's, found by the
 * domain in Website and else by the company name (salesforce-account-mapping.ts), or created,
 * each new Account claimed first (create-claims.ts) so two workers never create it twice. Lead
 * webhooks, and orgs where the connected user cannot see Contact.AccountId, are left as they were.
 * Answers the creates to send now:
 * - an Account another worker is creating at this moment, or one Salesforce could not create
 *   now (a locked row), holds its Contacts back for the next attempt;
 * - an Account Salesforce refuses (a validation rule, a required field of the org's own), or a
 *   lookup it refuses, leaves its Contacts without one, each event written with a warning;
 * - an outage or a rate limit sends the batch back, as every step does.
 */
export async function attachAccounts(
  context: PersonObjectContext,
  creates: PersonWrite[],
): Promise<PersonWrite[]> {
  if (context.object !== 'Contact' || !context.fields.has('accountid')) return creates;
  const wanted = new Map<PersonWrite, WantedAccount>();
  for (const create of creates) {
    const account = wantedAccount(create.group.items);
    if (account) wanted.set(create, account);
  }
  if (wanted.size === 0) return creates;
  const eventsOf = (key: string) =>
    [...wanted].flatMap(([create, account]) =>
      account.key === key ? create.group.items.map((item) => item.id) : [],
    );
  // One Account per key: the batch's first name and owner for it.
  const byKey = new Map<string, WantedAccount>();
  for (const account of wanted.values()) {
    const known = byKey.get(account.key);
    byKey.set(
      account.key,
      known
        ? { ...known, name: known.name ?? account.name, owner: known.owner ?? account.owner }
        : account,
    );
  }
  const accounts = [...byKey.values()];
  let resolved: Resolved;
  try {
    resolved = await resolveAccounts(context, accounts, eventsOf);
  } catch (error) {
    if (!isConnectorError(error) || error.retryable || error.code === 'unauthorized') throw error;
    const reason = error.vendorMessage ?? error.message;
    for (const account of accounts)
      for (const id of eventsOf(account.key))
        context.outcomes.warn(
          id,
          `Salesforce refused to find or create the Account ${accountLabel(account)} (${reason}), so the Contact has no Account.`,
        );
    return creates;
  }
  return creates.flatMap((create) => {
    const account = wanted.get(create);
    if (!account) return [create];
    const held = resolved.held.get(account.key);
    if (held !== undefined) {
      context.outcomes.retry(
        create.group.items.map((item) => item.id),
        'person',
        held.message,
        held.code,
      );
      return [];
    }
    const id = resolved.ids.get(account.key);
    return [id ? { ...create, fields: { ...create.fields, AccountId: id } } : create];
  });
}

/** The id of each Account the org has, and of each one created for the rest. */
async function resolveAccounts(
  context: PersonObjectContext,
  accounts: WantedAccount[],
  eventsOf: (key: string) => string[],
): Promise<Resolved> {
  const ids = await findAccounts(context, accounts);
  const held: Resolved['held'] = new Map();
  const missing = accounts.filter((account) => !ids.has(account.key));
  if (missing.length === 0) return { ids, held };
  const keyOf = (account: WantedAccount) => `salesforce:${context.orgId}:Account:${account.key}`;
  const claimed = await claimCreates(context.createClaims, missing.map(keyOf));
  try {
    // A claim taken over from a worker that stopped needs no second lookup: the one above ran
    // after it stopped, and a SOQL query sees every Account created before it.
    const mine = missing.filter((account) => {
      const claim = claimed.claims.get(keyOf(account));
      if (claim?.kind === 'created') ids.set(account.key, claim.recordId);
      if (claim?.kind === 'busy')
        held.set(account.key, {
          message: `Another OutSync worker was creating the Account ${accountLabel(account)} at the same moment; the next attempt creates the Contact with it.`,
          code: 'contention',
        });
      return claim?.kind === 'mine';
    });
    if (mine.length === 0) return { ids, held };
    const results = await context.client.createRecords('Account', mine.map(newAccountFields));
    for (const [index, result] of results.entries()) {
      const account = mine[index];
      if (!account) continue;
      if (result.success) {
        ids.set(account.key, result.id);
        await claimed.created(keyOf(account), result.id);
        continue;
      }
      const reason = `Salesforce refused the Account ${accountLabel(account)}: ${
        result.errors.map((error) => `${error.statusCode}: ${error.message}`).join('; ') ||
        'no reason given'
      }`;
      if (result.errors.some((error) => RETRYABLE_RECORD_ERRORS.has(error.statusCode)))
        held.set(account.key, {
          message: `${reason}; the next attempt creates the Contact with it.`,
          code: retryableRefusalCode(result.errors),
        });
      else
        for (const id of eventsOf(account.key))
          context.outcomes.warn(id, `${reason}, so the Contact has no Account.`);
    }
  } finally {
    await claimed.releaseUncreated();
  }
  return { ids, held };
}

/** The org's Account per key: by Website (every spelling of the domain), then by Name. */
async function findAccounts(
  context: PersonObjectContext,
  accounts: WantedAccount[],
): Promise<Map<string, string>> {
  const { client } = context;
  const domains = accounts.flatMap((account) => (account.domain ? [account.domain] : []));
  const byWebsite: SalesforceRow[] =
    domains.length === 0
      ? []
      : await client.findRecords({
          sobject: 'Account',
          field: 'Website',
          values: domains.flatMap(websiteSpellings),
          select: ['Name', 'CreatedDate'],
        });
  const ids = new Map<string, string>();
  for (const account of accounts) {
    const match = matchAccount(account, byWebsite, []);
    if (match) ids.set(account.key, match.Id);
  }
  const names = accounts.flatMap((account) =>
    !ids.has(account.key) && account.name ? [account.name] : [],
  );
  if (names.length === 0) return ids;
  const byName = await client.findRecords({
    sobject: 'Account',
    field: 'Name',
    values: names,
    select: ['Website', 'CreatedDate'],
  });
  for (const account of accounts) {
    const match = ids.has(account.key) ? undefined : matchAccount(account, [], byName);
    if (match) ids.set(account.key, match.Id);
  }
  return ids;
}
