// What a block-list run records, against the sandbox (docs/dedupe-and-block-list-runs.md,
// "Block-list runs"): a run cut short by the platform keeps what it wrote and the next run
// writes only the rest; the counts and the log say exactly what was synced and what was not;
// members that leave the CRM list are reported once and stay blocked.
import { guardOutboundCalls } from '../../testing/nock-guard';
import {
  callsTo,
  createHubspotSync,
  logKeptForMs,
  logOf,
  runLog,
  runSync,
  savedState,
  smartleadValues,
} from './block-lists.runs.test-support';
import { hubspotBody, lists, owner, syncOf, useBlockListsApp } from './block-lists.test-support';

guardOutboundCalls();
useBlockListsApp();

const WRITE = 'add-domain-block-list';

describe('a run cut short by the platform', () => {
  it('keeps the batches written, and the next run writes only the rest', async () => {
    const values = [
      'ra@resume.test',
      'иван@resume.test',
      'rb@resume.test',
      'rc@resume.test',
      'rd@resume.test',
    ];
    const { listId } = await lists.contactList(values);
    const created = await createHubspotSync(hubspotBody({ listId }));

    // Batches of two; Smartlead refuses the non-Latin address, then goes down once the first
    // batch is in.
    const cut = await runSync(created.id, {
      batchSize: 2,
      afterBatch: async (index) => {
        if (index === 0) await lists.setFaults({ system: 'smartlead', errorRate: 1 });
      },
    });
    expect(cut).toEqual({ ran: true, status: 'FAILED', added: 2, notSynced: 0 });
    expect(await savedState(created.id)).toEqual({
      written: ['ra@resume.test', 'иван@resume.test'],
      keptAfterRemoval: [],
      refused: ['иван@resume.test'],
    });
    const failed = await syncOf(owner, created.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      lastError: null,
      countItemsSynced: 0,
      countItemsNotSynced: 0,
      progress: null,
    });
    expect(failed.lastSmartleadError).toMatch(/^Smartlead/);
    expect(await logOf(created.id)).toEqual([
      {
        entities: ['ra@resume.test', 'иван@resume.test'],
        entityDetails:
          'ra@resume.test, иван@resume.test (batch 1 of 3). Refused by the platform 1: иван@resume.test.',
        lastError: null,
        synced: true,
      },
      {
        entities: [],
        entityDetails: '2 written before the failure; the next run writes the rest.',
        lastError: failed.lastSmartleadError,
        synced: false,
      },
    ]);
    expect(runLog).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'block-list run could not write the platform',
        err: expect.objectContaining({ message: expect.any(String) }),
        written: 2,
        blockListSyncId: created.id,
      }),
    );

    await lists.setFaults({ system: 'smartlead', errorRate: 0 });
    const onPlatform = (await smartleadValues()).filter((value) => value.endsWith('@resume.test'));
    expect(onPlatform).toEqual(['ra@resume.test']);
    const writesBeforeResume = await callsTo(WRITE);
    expect(await runSync(created.id, { batchSize: 2 })).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 3,
      notSynced: 1,
    });
    // Two write calls: rb and rc, then rd. Nothing of the first batch again.
    expect(await callsTo(WRITE)).toBe(writesBeforeResume + 2);
    expect(await savedState(created.id)).toEqual({
      written: values,
      keptAfterRemoval: [],
      refused: ['иван@resume.test'],
    });
    expect((await logOf(created.id)).slice(2)).toEqual([
      {
        entities: ['rb@resume.test', 'rc@resume.test'],
        entityDetails: 'rb@resume.test, rc@resume.test (batch 1 of 2).',
        lastError: null,
        synced: true,
      },
      {
        entities: ['rd@resume.test'],
        entityDetails: 'rd@resume.test (batch 2 of 2).',
        lastError: null,
        synced: true,
      },
    ]);
    expect(await syncOf(owner, created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 4,
      countItemsNotSynced: 1,
      lastSmartleadError: null,
    });
    expect((await smartleadValues()).filter((value) => value.endsWith('@resume.test'))).toEqual([
      'ra@resume.test',
      'rb@resume.test',
      'rc@resume.test',
      'rd@resume.test',
    ]);
  });

  it('logs no count when the platform fails before anything is written', async () => {
    const { listId } = await lists.contactList(['sy@resume-none.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    await lists.setFaults({ system: 'smartlead', errorRate: 1 });
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'FAILED',
      added: 0,
      notSynced: 0,
    });
    expect(await savedState(created.id)).toBeNull();
    expect((await logOf(created.id)).map((line) => [line.entityDetails, line.synced])).toEqual([
      ['', false],
    ]);
  });
});

describe('the counts and the log', () => {
  const valid = Array.from(
    { length: 23 },
    (_, index) => `c${String(index + 1).padStart(2, '0')}@counts.test`,
  );
  const refusedByPlatform = 'иван@counts.test';
  const invalid = [
    'not-an-address',
    'no-domain@',
    '@no-local.test',
    'two@@counts.test',
    'one-label@localhost',
    'ip@127.0.0.1',
    'spaced out@counts.test',
  ];

  it('counts 23 synced and 8 not, and names 20 values and 5 reasons at most', async () => {
    const { listId } = await lists.contactList([...valid, refusedByPlatform, ...invalid]);
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 24,
      notSynced: 8,
    });
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 23,
      countItemsNotSynced: 8,
    });
    const notSynced =
      'Not synced 7: not-an-address (not an e-mail address), no-domain@ (not an e-mail address), ' +
      '@no-local.test (not an e-mail address), two@@counts.test (not an e-mail address), ' +
      'one-label@localhost (not an e-mail address), ….';
    const first = await logOf(created.id);
    expect(first.map((line) => line.entityDetails)).toEqual([
      'c01@counts.test, c02@counts.test, c03@counts.test, c04@counts.test, c05@counts.test, ' +
        'c06@counts.test, c07@counts.test, c08@counts.test, c09@counts.test, c10@counts.test, ' +
        'c11@counts.test, c12@counts.test, c13@counts.test, c14@counts.test, c15@counts.test, ' +
        'c16@counts.test, c17@counts.test, c18@counts.test, c19@counts.test, c20@counts.test ' +
        'and 4 more. Refused by the platform 1: иван@counts.test.',
      notSynced,
    ]);
    expect(first[0]?.entities).toEqual([...valid, refusedByPlatform]);
    expect(await savedState(created.id)).toEqual({
      written: [...valid, refusedByPlatform],
      keptAfterRemoval: [],
      refused: [refusedByPlatform],
    });

    // Nothing new: the refused value is not sent again and still counts as not synced.
    const writes = await callsTo(WRITE);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 0,
      notSynced: 8,
    });
    expect(await callsTo(WRITE)).toBe(writes);
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 23,
      countItemsNotSynced: 8,
    });
    expect((await logOf(created.id)).slice(2).map((line) => line.entityDetails)).toEqual([
      `Nothing new: 23 already blocked. ${notSynced}`,
    ]);
  });

  it('names five reasons without "…", and saves an empty state for a list with nothing valid', async () => {
    const { listId } = await lists.contactList([
      'none-1',
      'none-2@',
      '@none-3.test',
      'none@4@x.test',
      'none 5@x.test',
    ]);
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 0,
      notSynced: 5,
    });
    expect(await savedState(created.id)).toEqual({
      written: [],
      keptAfterRemoval: [],
      refused: [],
    });
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'Nothing new: 0 already blocked. Not synced 5: none-1 (not an e-mail address), ' +
        'none-2@ (not an e-mail address), @none-3.test (not an e-mail address), ' +
        'none@4@x.test (not an e-mail address), none 5@x.test (not an e-mail address).',
    ]);
  });

  it('names all 20 values of a batch of exactly 20, with no "and 0 more"', async () => {
    const twenty = Array.from(
      { length: 20 },
      (_, n) => `t${String(n + 1).padStart(2, '0')}@twenty.test`,
    );
    const { listId } = await lists.contactList(twenty);
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await runSync(created.id)).toMatchObject({ ran: true, status: 'SYNCED', added: 20 });
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      't01@twenty.test, t02@twenty.test, t03@twenty.test, t04@twenty.test, t05@twenty.test, ' +
        't06@twenty.test, t07@twenty.test, t08@twenty.test, t09@twenty.test, t10@twenty.test, ' +
        't11@twenty.test, t12@twenty.test, t13@twenty.test, t14@twenty.test, t15@twenty.test, ' +
        't16@twenty.test, t17@twenty.test, t18@twenty.test, t19@twenty.test, t20@twenty.test.',
    ]);
  });

  it('writes no summary when every value is new and valid', async () => {
    const { listId } = await lists.contactList(['da@clean.test', 'db@clean.test']);
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 2,
      notSynced: 0,
    });
    expect(await logOf(created.id)).toEqual([
      {
        entities: ['da@clean.test', 'db@clean.test'],
        entityDetails: 'da@clean.test, db@clean.test.',
        lastError: null,
        synced: true,
      },
    ]);
    // History keeps a run 90 days.
    expect(await logKeptForMs(created.id)).toEqual([7_776_000_000]);
    expect(runLog).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'block-list run finished',
        added: 2,
        notSynced: 0,
        blockListSyncId: created.id,
      }),
    );
    expect(await runSync(created.id)).toMatchObject({ added: 0, notSynced: 0 });
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'da@clean.test, db@clean.test.',
      'Nothing new: 2 already blocked.',
    ]);
  });
});

describe('members that left the CRM list', () => {
  it('are reported beside what a run wrote', async () => {
    const { listId, contactIds } = await lists.contactList([
      'na@left-and-new.test',
      'nb@left-and-new.test',
    ]);
    const created = await createHubspotSync(hubspotBody({ listId }));
    await runSync(created.id);
    await lists.hubspot('PUT', `/crm/v3/lists/${listId}/memberships/remove`, [contactIds[1]]);
    await lists.addMembers(listId, [await lists.newContact('nc@left-and-new.test')]);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 1,
      notSynced: 0,
    });
    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'na@left-and-new.test, nb@left-and-new.test.',
      'nc@left-and-new.test.',
      'Left the CRM list, still blocked 1: nb@left-and-new.test.',
    ]);
  });

  it('are reported once, stay blocked, and are reported again if they leave again', async () => {
    const { listId, contactIds } = await lists.contactList([
      'ma@removed.test',
      'mb@removed.test',
      'mc@removed.test',
    ]);
    const [idA = '', idB = ''] = contactIds;
    const created = await createHubspotSync(hubspotBody({ listId }));
    expect(await runSync(created.id)).toMatchObject({ status: 'SYNCED', added: 3 });

    await lists.hubspot('PUT', `/crm/v3/lists/${listId}/memberships/remove`, [idA, idB]);
    expect(await runSync(created.id)).toEqual({
      ran: true,
      status: 'SYNCED',
      added: 0,
      notSynced: 0,
    });
    expect(await savedState(created.id)).toEqual({
      written: ['ma@removed.test', 'mb@removed.test', 'mc@removed.test'],
      keptAfterRemoval: ['ma@removed.test', 'mb@removed.test'],
      refused: [],
    });
    expect(await syncOf(owner, created.id)).toMatchObject({
      countItemsSynced: 1,
      countItemsNotSynced: 0,
    });
    // Not unblocked on the platform.
    expect((await smartleadValues()).filter((value) => value.endsWith('@removed.test'))).toEqual([
      'ma@removed.test',
      'mb@removed.test',
      'mc@removed.test',
    ]);

    // Nothing changed: nothing reported again.
    await runSync(created.id);
    // ma is back, then leaves again: reported again; mb stays reported once.
    await lists.addMembers(listId, [idA]);
    const writes = await callsTo(WRITE);
    expect(await runSync(created.id)).toMatchObject({ added: 0 });
    expect(await callsTo(WRITE)).toBe(writes);
    expect((await savedState(created.id))?.keptAfterRemoval).toEqual(['mb@removed.test']);
    await lists.hubspot('PUT', `/crm/v3/lists/${listId}/memberships/remove`, [idA]);
    await runSync(created.id);

    expect((await logOf(created.id)).map((line) => line.entityDetails)).toEqual([
      'ma@removed.test, mb@removed.test, mc@removed.test.',
      'Nothing new: 1 already blocked. Left the CRM list, still blocked 2: ma@removed.test, mb@removed.test.',
      'Nothing new: 1 already blocked.',
      'Nothing new: 2 already blocked.',
      'Nothing new: 1 already blocked. Left the CRM list, still blocked 1: ma@removed.test.',
    ]);
  });
});
