// Block-list syncs through the real app against an in-process sandbox: runs that read a HubSpot
// list and write a platform's block list, outages and CRM failures.
import type { BlockListSync } from '@outsync/contracts/accounts';
import type { BlockListLogsPage } from '@outsync/contracts/history';
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  HUBSPOT_CREATE,
  lists,
  owner,
  keys,
  smartleadBlockList,
  instantlyBlockList,
  run,
  syncOf,
  hubspotBody,
  useBlockListsApp,
} from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

describe('a run', () => {
  it('writes a contact list into Smartlead for the client, then only what is new', async () => {
    const { listId, contactIds } = await lists.contactList([
      'Gil@Contoso.test ',
      'hal@contoso.test',
      'not-an-address',
    ]);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    const before = await lists.calls();

    expect(await run(created.id)).toEqual({ ran: true, status: 'SYNCED', added: 2, notSynced: 1 });
    const entries = await smartleadBlockList();
    expect(entries).toEqual(
      expect.arrayContaining([
        { value: 'gil@contoso.test', clientId: 301 },
        { value: 'hal@contoso.test', clientId: 301 },
      ]),
    );
    const synced = await syncOf(owner, created.id);
    expect(synced).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 2,
      countItemsNotSynced: 1,
      lastError: null,
      lastSmartleadError: null,
      progress: null,
    });
    expect(synced.lastFetchedAt).not.toBeNull();
    expect(synced.lastAttemptedAt).not.toBeNull();
    const writes = (calls: Record<string, number>) =>
      Object.entries(calls)
        .filter(
          ([route]) => route.startsWith('smartlead') && route.includes('add-domain-block-list'),
        )
        .reduce((sum, [, n]) => sum + n, 0);
    const afterFirst = await lists.calls();
    expect(writes(afterFirst) - writes(before)).toBe(1);

    // Nothing changed: nothing is written.
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'SYNCED', added: 0 });
    expect(writes(await lists.calls())).toBe(writes(afterFirst));

    // One new member, one gone: the new one is written, the gone one reported and kept.
    await lists.addMembers(listId, [await lists.newContact('ivy@contoso.test')]);
    await lists.hubspot('PUT', `/crm/v3/lists/${listId}/memberships/remove`, [contactIds[1]]);
    const third = await run(created.id);
    expect([third, (await syncOf(owner, created.id)).lastError]).toEqual([
      { ran: true, status: 'SYNCED', added: 1, notSynced: 1 },
      null,
    ]);
    expect(writes(await lists.calls())).toBe(writes(afterFirst) + 1);

    const history = (
      await owner.get<BlockListLogsPage>(
        `/api/admin/dashboard/smartlead/blocked-lists/history?block-list-id=${created.id}`,
      )
    ).body;
    const details = history.data.map((log) => log.entityDetails);
    expect(details).toContain('ivy@contoso.test.');
    expect(details).toEqual([
      'Left the CRM list, still blocked 1: hal@contoso.test. Not synced 1: not-an-address (not an e-mail address).',
      'ivy@contoso.test.',
      'Nothing new: 2 already blocked. Not synced 1: not-an-address (not an e-mail address).',
      'Not synced 1: not-an-address (not an e-mail address).',
      'gil@contoso.test, hal@contoso.test.',
    ]);
    const byEmail = (
      await owner.get<BlockListLogsPage>(
        '/api/admin/dashboard/smartlead/blocked-lists/history?email=GIL@contoso.test',
      )
    ).body;
    expect(byEmail.totalItems).toBe(1);
  });

  it('writes every domain of a company list into Instantly', async () => {
    const listId = await lists.companyList([
      { domain: 'Rival.test', hs_additional_domains: 'rival.example;rival-labs.test' },
      { domain: 'gmail.com' },
    ]);
    const created = (
      await owner.post<BlockListSync>(
        HUBSPOT_CREATE,
        hubspotBody({
          listId,
          listType: 'COMPANY_LIST',
          blockType: 'DOMAIN',
          apiKeyId: keys.instantly,
          client: null,
        }),
      )
    ).body;
    expect(await run(created.id)).toEqual({ ran: true, status: 'SYNCED', added: 3, notSynced: 1 });
    expect(await instantlyBlockList()).toEqual(
      expect.arrayContaining(['rival.test', 'rival.example', 'rival-labs.test']),
    );
    expect(await instantlyBlockList()).not.toContain('gmail.com');
  });

  it('fails on a platform outage, keeps its state, and the next run writes the rest once', async () => {
    const { listId } = await lists.contactList(['jo@fabrikam.test', 'kim@fabrikam.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    await lists.setFaults({ system: 'smartlead', errorRate: 1 });
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'FAILED' });
    const failed = await syncOf(owner, created.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.lastError).toBeNull();
    // The platform's failure in the product's words (upstreamMessage), not the connector's own.
    expect(failed.lastSmartleadError).toMatch(
      /^Smartlead did not answer: the service is unavailable right now(: .+)?\. Please try again\.$/,
    );
    const logs = (
      await owner.get<BlockListLogsPage>(
        `/api/admin/dashboard/smartlead/blocked-lists/history?block-list-id=${created.id}`,
      )
    ).body;
    expect(logs.data[0]?.lastError).toBe(failed.lastSmartleadError);
    expect(logs.data[0]?.syncedAt).toBeNull();

    await lists.setFaults({ system: 'smartlead', errorRate: 0 });
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'SYNCED', added: 2 });
    const values = (await smartleadBlockList()).map((entry) => entry.value);
    expect(values.filter((value) => value === 'jo@fabrikam.test')).toHaveLength(1);
    expect((await syncOf(owner, created.id)).lastSmartleadError).toBeNull();
  });

  it('reports a CRM failure as Last Error', async () => {
    const { listId } = await lists.contactList(['lu@fabrikam.test']);
    const created = (await owner.post<BlockListSync>(HUBSPOT_CREATE, hubspotBody({ listId }))).body;
    await lists.hubspot('DELETE', `/crm/v3/lists/${listId}`);
    expect(await run(created.id)).toMatchObject({ ran: true, status: 'FAILED' });
    const failed = await syncOf(owner, created.id);
    expect(failed.lastError).toMatch(/^HubSpot/);
    expect(failed.lastSmartleadError).toBeNull();
  });
});
