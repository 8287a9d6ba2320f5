import { createRecordIdCache } from './record-id-cache';

const PORTAL = 'hubspot:123:contacts';
const OTHER_PORTAL = 'hubspot:456:contacts';

describe('the record id cache', () => {
  it('answers the record a key found, per account', () => {
    const cache = createRecordIdCache();
    cache.set(PORTAL, ['email\u0000ana@acme.test', 'os_objectlookup_id\u0000obj-1'], '501');
    expect(cache.get(PORTAL, 'email\u0000ana@acme.test')).toBe('501');
    expect(cache.get(PORTAL, 'os_objectlookup_id\u0000obj-1')).toBe('501');
    expect(cache.get(OTHER_PORTAL, 'email\u0000ana@acme.test')).toBeUndefined();
    expect(cache.get(PORTAL, 'email\u0000bob@acme.test')).toBeUndefined();
  });

  it('forgets every key of a record the CRM no longer has, and nothing else', () => {
    const cache = createRecordIdCache();
    cache.set(PORTAL, ['email\u0000ana@acme.test', 'phone\u0000100'], '501');
    cache.set(PORTAL, ['email\u0000bob@acme.test'], '502');
    cache.set(OTHER_PORTAL, ['email\u0000ana@acme.test'], '501');
    cache.forget(PORTAL, '501');
    expect(cache.get(PORTAL, 'email\u0000ana@acme.test')).toBeUndefined();
    expect(cache.get(PORTAL, 'phone\u0000100')).toBeUndefined();
    expect(cache.get(PORTAL, 'email\u0000bob@acme.test')).toBe('502');
    expect(cache.get(OTHER_PORTAL, 'email\u0000ana@acme.test')).toBe('501');
  });

  it('moves a key to the record it finds now, so forgetting the old record keeps it', () => {
    const cache = createRecordIdCache();
    cache.set(PORTAL, ['email\u0000ana@acme.test'], '501');
    cache.set(PORTAL, ['email\u0000ana@acme.test'], '777');
    cache.forget(PORTAL, '501');
    expect(cache.get(PORTAL, 'email\u0000ana@acme.test')).toBe('777');
  });

  it('lets an entry expire after its time', () => {
    let clock = 0;
    const cache = createRecordIdCache({ ttlMs: 1000, now: () => clock });
    cache.set(PORTAL, ['email\u0000ana@acme.test'], '501');
    clock = 999;
    expect(cache.get(PORTAL, 'email\u0000ana@acme.test')).toBe('501');
    clock = 1000;
    expect(cache.get(PORTAL, 'email\u0000ana@acme.test')).toBeUndefined();
  });

  it('drops the oldest entries beyond its size, keeping a refreshed one', () => {
    const cache = createRecordIdCache({ maxEntries: 2 });
    cache.set(PORTAL, ['a'], '1');
    cache.set(PORTAL, ['b'], '2');
    cache.set(PORTAL, ['a'], '1');
    cache.set(PORTAL, ['c'], '3');
    expect(cache.get(PORTAL, 'b')).toBeUndefined();
    expect(cache.get(PORTAL, 'a')).toBe('1');
    expect(cache.get(PORTAL, 'c')).toBe('3');
  });
});
