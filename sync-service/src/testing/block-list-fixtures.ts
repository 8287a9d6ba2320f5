import { HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '@outsync/sandbox';

// Block-list sources and platform state in an in-process sandbox, through the same HTTP APIs
// a customer's HubSpot portal and platforms answer (the demo portal's private-app token).

export type SandboxLists = ReturnType<typeof sandboxLists>;

export function sandboxLists(sandboxUrl: string) {
  let listCount = 0;

  async function call<T>(method: string, path: string, init: RequestInit = {}): Promise<T> {
    const answer = await fetch(`${sandboxUrl}${path}`, { method, ...init });
    if (answer.status >= 300) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    }
    return (answer.status === 204 ? undefined : await answer.json()) as T;
  }

  function hubspot<T>(method: string, path: string, body?: unknown): Promise<T> {
    return call<T>(method, `/hubspot${path}`, {
      headers: {
        authorization: `Bearer ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function newList(objectTypeId: '0-1' | '0-2'): Promise<string> {
    listCount++;
    const created = await hubspot<{ list: { listId: string } }>('POST', '/crm/v3/lists', {
      name: `Block test ${listCount} ${Date.now()}`,
      objectTypeId,
      processingType: 'MANUAL',
    });
    return created.list.listId;
  }

  async function newContact(email: string): Promise<string> {
    const contact = await hubspot<{ id: string }>('POST', '/crm/v3/objects/contacts', {
      properties: { email },
    });
    return contact.id;
  }

  async function addMembers(listId: string, ids: string[]): Promise<void> {
    await hubspot('PUT', `/crm/v3/lists/${listId}/memberships/add`, ids);
  }

  return {
    call,
    hubspot,
    newContact,
    addMembers,
    /** A new MANUAL contact list of new contacts with these e-mails. */
    async contactList(emails: string[]): Promise<{ listId: string; contactIds: string[] }> {
      const listId = await newList('0-1');
      const contactIds: string[] = [];
      for (const email of emails) contactIds.push(await newContact(email));
      await addMembers(listId, contactIds);
      return { listId, contactIds };
    },
    /** A new MANUAL company list of new companies with these properties. */
    async companyList(
      companies: Array<{ domain: string; hs_additional_domains?: string }>,
    ): Promise<string> {
      const listId = await newList('0-2');
      const ids: string[] = [];
      for (const properties of companies) {
        ids.push(
          (await hubspot<{ id: string }>('POST', '/crm/v3/objects/companies', { properties })).id,
        );
      }
      await addMembers(listId, ids);
      return listId;
    },
    /** Calls per `system route` so far (the sandbox's `/_stats`). */
    async calls(): Promise<Record<string, number>> {
      const stats = await call<{
        systems: Record<string, { byRoute: Record<string, number> } | undefined>;
      }>('GET', '/_stats');
      return Object.fromEntries(
        Object.entries(stats.systems).flatMap(([system, counts]) =>
          Object.entries(counts?.byRoute ?? {}).map(([route, n]) => [`${system} ${route}`, n]),
        ),
      );
    },
    async setFaults(body: Record<string, unknown>): Promise<void> {
      await call('POST', '/_faults', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
  };
}
