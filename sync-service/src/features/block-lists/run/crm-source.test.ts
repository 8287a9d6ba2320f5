import { ConnectorError } from '../../../connectors/http';
import { patiently, readHubspotList, type ReadPatience } from './crm-source';

// A big list's read waits out the CRM's rate limit instead of failing the run.

function rateLimited(retryAfterSeconds?: number): ConnectorError {
  return new ConnectorError({
    system: 'hubspot',
    operation: 'throttle',
    code: 'rate_limited',
    message: 'budget used',
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

function patience(overrides: Partial<ReadPatience> = {}) {
  const waits: number[] = [];
  return {
    waits,
    patience: {
      sleep: async (ms: number) => {
        waits.push(ms);
      },
      maxWaitMs: 60_000,
      maxTotalMs: 100_000,
      ...overrides,
    },
  };
}

/** A call that fails with `errors` in turn, then answers 'read'. */
function failingWith(...errors: Error[]) {
  let calls = 0;
  return {
    calls: () => calls,
    call: async () => {
      const error = errors[calls++];
      if (error) throw error;
      return 'read';
    },
  };
}

describe('patiently', () => {
  it('waits as long as the refusal says, then calls again', async () => {
    const { waits, patience: p } = patience();
    const reader = failingWith(rateLimited(3), rateLimited(7));
    await expect(patiently(reader.call, p)).resolves.toBe('read');
    expect(waits).toEqual([3_000, 7_000]);
    expect(reader.calls()).toBe(3);
  });

  it('waits 10 s when the refusal does not say, and at least a second', async () => {
    const { waits, patience: p } = patience();
    await patiently(failingWith(rateLimited(), rateLimited(0)).call, p);
    expect(waits).toEqual([10_000, 1_000]);
  });

  it('fails at once on a wait longer than it may wait at a time (a daily budget)', async () => {
    const { waits, patience: p } = patience({ maxWaitMs: 5_000 });
    await expect(patiently(failingWith(rateLimited(6)).call, p)).rejects.toThrow('budget used');
    expect(waits).toEqual([]);
  });

  it('gives up once its waits would pass the total it may wait', async () => {
    const { waits, patience: p } = patience({ maxTotalMs: 15_000 });
    const reader = failingWith(rateLimited(10), rateLimited(5), rateLimited(1));
    await expect(patiently(reader.call, p)).rejects.toThrow('budget used');
    expect(waits).toEqual([10_000, 5_000]);
  });

  it('does not wait on other failures', async () => {
    const { waits, patience: p } = patience();
    const outage = new ConnectorError({
      system: 'hubspot',
      operation: 'getList',
      code: 'unavailable',
      message: 'down',
    });
    await expect(patiently(failingWith(outage).call, p)).rejects.toThrow('down');
    await expect(patiently(failingWith(new Error('bug')).call, p)).rejects.toThrow('bug');
    expect(waits).toEqual([]);
  });
});

describe('readHubspotList', () => {
  /** A portal whose list holds members 1…size, e-mails m{id}@list.test, paged by 250. */
  function portal(size: number, objectTypeId = '0-1') {
    const reads: string[][] = [];
    const client = {
      getList: async (listId: string) => ({
        listId,
        name: 'Do not contact',
        objectTypeId,
        processingType: 'MANUAL',
        size,
      }),
      listMembershipPage: async (_listId: string, after?: string, limit = 250) => {
        const start = after === undefined ? 0 : Number(after);
        const ids = Array.from({ length: Math.max(0, Math.min(limit, size - start)) }, (_, index) =>
          String(start + index + 1),
        );
        const end = start + ids.length;
        return end < size ? { recordIds: ids, next: String(end) } : { recordIds: ids };
      },
      batchReadObjects: async (_type: string, request: { ids: string[]; properties: string[] }) => {
        reads.push(request.ids);
        return request.ids.map((id) => ({ id, properties: { email: `m${id}@list.test` } }));
      },
    };
    return { client: client as unknown as Parameters<typeof readHubspotList>[0], reads };
  }

  it('reads every member once, in whole batches of 100 across pages', async () => {
    const { client, reads } = portal(560);
    const progress: Array<[number, number | null]> = [];
    const records = await readHubspotList(
      client,
      { listId: '7', listType: 'CONTACT_LIST', profileUrlFieldNames: [] },
      async (done, total) => {
        progress.push([done, total]);
      },
      patience().patience,
    );
    expect(records).toEqual({
      kind: 'values',
      values: Array.from({ length: 560 }, (_, index) => `m${index + 1}@list.test`),
    });
    // Pages of 250, 250 and 60: 200 read after the first, 300 after the second, the rest last.
    expect(reads.map((ids) => ids.length)).toEqual([200, 300, 60]);
    expect(progress).toEqual([
      [200, 560],
      [500, 560],
      [560, 560],
    ]);
  });

  it('refuses a list that is no longer of the sync type', async () => {
    const { client } = portal(3, '0-2');
    await expect(
      readHubspotList(
        client,
        { listId: '7', listType: 'CONTACT_LIST', profileUrlFieldNames: [] },
        async () => undefined,
        patience().patience,
      ),
    ).rejects.toThrow('HubSpot list 7 is now a company list; this sync reads a contact list.');
  });
});
