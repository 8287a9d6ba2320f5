import {
  BLOCK_LIST_BATCH_SIZE,
  chunks,
  diffBlockList,
  EMPTY_BLOCK_LIST_STATE,
  stateAfterWrites,
  type BlockListState,
} from './block-diff';

const keep = { unblockRemoved: false };
const unblock = { unblockRemoved: true };

describe('diffBlockList', () => {
  it('starts a new sync from an empty state: nothing written, nothing kept', () => {
    expect(EMPTY_BLOCK_LIST_STATE).toEqual({ written: [], keptAfterRemoval: [] });
  });

  it('writes every value on the first run, in list order', () => {
    expect(diffBlockList(EMPTY_BLOCK_LIST_STATE, ['b@x.io', 'a@x.io'], keep)).toEqual({
      toAdd: ['b@x.io', 'a@x.io'],
      removed: [],
      toUnblock: [],
      next: { written: ['b@x.io', 'a@x.io'], keptAfterRemoval: [] },
    });
  });

  it('writes a value listed twice once', () => {
    expect(diffBlockList(EMPTY_BLOCK_LIST_STATE, ['a.io', 'b.io', 'a.io'], keep).toAdd).toEqual([
      'a.io',
      'b.io',
    ]);
  });

  it('adds only what is new since the last successful run', () => {
    const last: BlockListState = { written: ['a.io', 'b.io'], keptAfterRemoval: [] };
    expect(diffBlockList(last, ['c.io', 'a.io', 'b.io', 'd.io'], keep)).toEqual({
      toAdd: ['c.io', 'd.io'],
      removed: [],
      toUnblock: [],
      next: { written: ['a.io', 'b.io', 'c.io', 'd.io'], keptAfterRemoval: [] },
    });
  });

  it('writes nothing when re-run with no change, and keeps the same state', () => {
    const first = diffBlockList(EMPTY_BLOCK_LIST_STATE, ['a.io', 'b.io'], keep);
    const rerun = diffBlockList(first.next, ['a.io', 'b.io'], keep);
    expect(rerun).toEqual({ toAdd: [], removed: [], toUnblock: [], next: first.next });
  });

  describe('members removed from the CRM list, kept blocked (the default)', () => {
    const last: BlockListState = { written: ['a.io', 'b.io', 'c.io'], keptAfterRemoval: [] };

    it('reports them without unblocking and keeps them in the state', () => {
      expect(diffBlockList(last, ['c.io', 'a.io'], keep)).toEqual({
        toAdd: [],
        removed: ['b.io'],
        toUnblock: [],
        next: { written: ['a.io', 'b.io', 'c.io'], keptAfterRemoval: ['b.io'] },
      });
    });

    it('reports them once: the next run neither reports nor writes them', () => {
      const afterRemoval = diffBlockList(last, ['a.io', 'c.io'], keep).next;
      expect(diffBlockList(afterRemoval, ['a.io', 'c.io'], keep)).toEqual({
        toAdd: [],
        removed: [],
        toUnblock: [],
        next: afterRemoval,
      });
    });

    it('does not write a member that comes back (still blocked), and reports it if it leaves again', () => {
      const afterRemoval = diffBlockList(last, ['a.io', 'c.io'], keep).next;
      const back = diffBlockList(afterRemoval, ['a.io', 'b.io', 'c.io'], keep);
      expect(back).toEqual({
        toAdd: [],
        removed: [],
        toUnblock: [],
        next: { written: ['a.io', 'b.io', 'c.io'], keptAfterRemoval: [] },
      });
      expect(diffBlockList(back.next, ['a.io'], keep)).toEqual({
        toAdd: [],
        removed: ['b.io', 'c.io'],
        toUnblock: [],
        next: { written: ['a.io', 'b.io', 'c.io'], keptAfterRemoval: ['b.io', 'c.io'] },
      });
    });

    it('adds and reports in the same run', () => {
      expect(diffBlockList(last, ['d.io', 'a.io'], keep)).toEqual({
        toAdd: ['d.io'],
        removed: ['b.io', 'c.io'],
        toUnblock: [],
        next: {
          written: ['a.io', 'b.io', 'c.io', 'd.io'],
          keptAfterRemoval: ['b.io', 'c.io'],
        },
      });
    });
  });

  describe('members removed from the CRM list, unblocked (caller option)', () => {
    it('reports and unblocks them, and drops them from the state', () => {
      const last: BlockListState = { written: ['a.io', 'b.io', 'c.io'], keptAfterRemoval: [] };
      expect(diffBlockList(last, ['d.io', 'c.io'], unblock)).toEqual({
        toAdd: ['d.io'],
        removed: ['a.io', 'b.io'],
        toUnblock: ['a.io', 'b.io'],
        next: { written: ['c.io', 'd.io'], keptAfterRemoval: [] },
      });
    });

    it('also unblocks what an earlier run kept blocked, without reporting it again', () => {
      const last: BlockListState = {
        written: ['a.io', 'b.io', 'c.io'],
        keptAfterRemoval: ['a.io'],
      };
      expect(diffBlockList(last, ['c.io'], unblock)).toEqual({
        toAdd: [],
        removed: ['b.io'],
        toUnblock: ['a.io', 'b.io'],
        next: { written: ['c.io'], keptAfterRemoval: [] },
      });
    });

    it('writes again a member that comes back after being unblocked', () => {
      const last: BlockListState = { written: ['a.io', 'b.io'], keptAfterRemoval: [] };
      const removedRun = diffBlockList(last, ['a.io'], unblock);
      expect(diffBlockList(removedRun.next, ['a.io', 'b.io'], unblock)).toEqual({
        toAdd: ['b.io'],
        removed: [],
        toUnblock: [],
        next: { written: ['a.io', 'b.io'], keptAfterRemoval: [] },
      });
    });
  });

  it('does not change the state it was given', () => {
    const last: BlockListState = { written: ['a.io', 'b.io'], keptAfterRemoval: ['b.io'] };
    diffBlockList(last, ['c.io'], keep);
    diffBlockList(last, ['c.io'], unblock);
    expect(last).toEqual({ written: ['a.io', 'b.io'], keptAfterRemoval: ['b.io'] });
  });
});

describe('stateAfterWrites', () => {
  const last: BlockListState = { written: ['a.io', 'b.io'], keptAfterRemoval: ['b.io'] };

  it('records the values written before a run failed, so the retry does not write them again', () => {
    const partial = stateAfterWrites(last, { added: ['c.io', 'd.io'], unblocked: [] });
    expect(partial).toEqual({
      written: ['a.io', 'b.io', 'c.io', 'd.io'],
      keptAfterRemoval: ['b.io'],
    });
    expect(diffBlockList(partial, ['a.io', 'c.io', 'd.io', 'e.io'], keep).toAdd).toEqual(['e.io']);
  });

  it('records each value once, even when written again', () => {
    expect(stateAfterWrites(last, { added: ['a.io', 'c.io', 'c.io'], unblocked: [] })).toEqual({
      written: ['a.io', 'b.io', 'c.io'],
      keptAfterRemoval: ['b.io'],
    });
  });

  it('drops the values unblocked', () => {
    expect(stateAfterWrites(last, { added: [], unblocked: ['b.io'] })).toEqual({
      written: ['a.io'],
      keptAfterRemoval: [],
    });
    expect(stateAfterWrites(last, { added: [], unblocked: ['a.io'] })).toEqual({
      written: ['b.io'],
      keptAfterRemoval: ['b.io'],
    });
  });
});

describe('chunks', () => {
  it('cuts values into consecutive batches of at most the size, in order', () => {
    expect(chunks(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(chunks(['a', 'b', 'c', 'd'], 2)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(chunks(['a', 'b'], 5)).toEqual([['a', 'b']]);
    expect(chunks(['a'], 1)).toEqual([['a']]);
  });

  it('answers no batch for no values: nothing to write means no call', () => {
    expect(chunks([], 1000)).toEqual([]);
  });

  it('makes one call for 100 new values and 100 calls for 100,000 at the Instantly size', () => {
    const values = Array.from({ length: 100_000 }, (_, index) => `user${index}@acme.com`);
    expect(chunks(values.slice(0, 100), 1000)).toHaveLength(1);
    const batches = chunks(values, 1000);
    expect(batches).toHaveLength(100);
    expect(batches.every((batch) => batch.length === 1000)).toBe(true);
    expect(batches[99]?.[999]).toBe('user99999@acme.com');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a batch size of %p', (size) => {
    expect(() => chunks(['a'], size)).toThrow(
      `batch size must be a positive whole number, not ${size}`,
    );
  });
});

describe('BLOCK_LIST_BATCH_SIZE', () => {
  it('takes each platform’s largest documented batch', () => {
    expect(BLOCK_LIST_BATCH_SIZE).toEqual({
      smartlead: 1000,
      instantly: 1000,
      bison: 100,
      heyreach: 100,
    });
  });
});
