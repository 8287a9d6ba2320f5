// The journal replay decodes only each document's latest version (src/storage/journal-replay.ts).
// It must rebuild exactly what applying every record in turn rebuilds: the same documents, in
// the same insertion order, the same indexes, the same collections; also around drops,
// re-inserts after removals, `_id`s of every type and `_id`s of different types that MongoDB
// holds equal (1, 1.0, Long 1, Decimal128 1).
import { crc32 } from 'node:zlib';
import { Binary, Decimal128, Long, ObjectId, deserialize, serialize } from 'bson';
import { DESERIALIZE_OPTIONS } from '../src/bson-options.ts';
import { Catalog } from '../src/storage/catalog.ts';
import type { JournalRecord } from '../src/storage/journal-record.ts';
import {
  FRAME_HEADER,
  JournalReplay,
  encodeFrame,
  replayJournal,
} from '../src/storage/journal-replay.ts';
import type { Document } from '../src/values.ts';

/** Applies every intact frame in turn: the replay as it was before, the reference. */
function replayEveryRecord(data: Buffer): Catalog {
  const catalog = new Catalog();
  let offset = 0;
  while (offset + FRAME_HEADER <= data.length) {
    const end = offset + FRAME_HEADER + data.readUInt32LE(offset);
    if (end > data.length) break;
    const body = data.subarray(offset + FRAME_HEADER, end);
    if (crc32(body) !== data.readUInt32LE(offset + 4)) break;
    catalog.apply(deserialize(body, DESERIALIZE_OPTIONS) as JournalRecord);
    offset = end;
  }
  return catalog;
}

/** Everything a catalog holds, in order, as bytes; and every index's answer for every document. */
function stateOf(catalog: Catalog): { records: string[]; lookups: string[] } {
  const records = catalog
    .snapshot()
    .map((record) => Buffer.from(serialize(record)).toString('hex'));
  const lookups: string[] = [];
  for (const collection of catalog.allCollections())
    for (const index of collection.indexes.values())
      for (const [id, doc] of collection.docs)
        lookups.push(
          `${collection.namespace} ${index.spec.name} ${id}: ${[...index.lookup(index.keysOf(doc))].sort().join(',')}`,
        );
  return { records, lookups };
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IDS: unknown[] = [
  'a',
  'b',
  'é-ü',
  '',
  1,
  1.0,
  Long.fromNumber(1),
  Decimal128.fromString('1'),
  2.5,
  -0,
  Long.fromString('9007199254740993'),
  new ObjectId('65a1b2c3d4e5f60718293a4b'),
  new ObjectId('65a1b2c3d4e5f60718293a4c'),
  { k: 1 },
  new Date(5),
  new Binary(Buffer.from([1, 2, 3])),
  true,
  null,
];

/** A journal written by the catalog itself under random inserts, updates, removals and DDL. */
function randomJournal(seed: number, steps: number): Buffer {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const frames: Buffer[] = [];
  const catalog = new Catalog();
  catalog.setSink((record) => frames.push(encodeFrame(record)));
  const names = [
    ['app', 'a'],
    ['app', 'b'],
    ['other', 'a'],
  ] as const;
  for (let step = 0; step < steps; step += 1) {
    const [db, name] = pick(names);
    const collection = catalog.ensureCollection(db, name);
    const roll = next();
    try {
      if (roll < 0.4) {
        collection.insert({ _id: pick(IDS), n: step, tag: pick(['x', 'y', 'z']) });
      } else if (roll < 0.7) {
        const docs = [...collection.docs.values()];
        if (docs.length === 0) continue;
        const previous = pick(docs);
        // Sometimes the new version spells the same _id with another numeric type.
        const sameId =
          typeof previous._id === 'number' && next() < 0.3
            ? Long.fromNumber(previous._id)
            : previous._id;
        collection.replace(previous, { _id: sameId, n: step, tag: pick(['x', 'y', 'z']) });
      } else if (roll < 0.88) {
        const docs = [...collection.docs.values()];
        if (docs.length > 0) collection.remove(pick(docs));
      } else if (roll < 0.92) {
        collection.createIndex({ v: 2, key: { tag: 1 }, name: 'tag_1' });
      } else if (roll < 0.94) {
        collection.dropIndex('tag_1');
      } else if (roll < 0.97) {
        catalog.dropCollection(db, name);
      } else if (roll < 0.985) {
        catalog.dropDatabase(db);
      } else {
        catalog.setOptions(collection, { validationLevel: pick(['off', 'strict']) });
      }
    } catch (error) {
      // A duplicate _id is refused before anything is journaled, as on the wire.
      if (!(error instanceof Error) || !/E11000/.test(error.message)) throw error;
    }
  }
  return Buffer.concat(frames);
}

describe('journal replay', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'rebuilds what replaying every record rebuilds (random journal %i)',
    (seed) => {
      const data = randomJournal(seed, 1500);
      const replayed = new Catalog();
      const result = replayJournal(data, replayed);
      expect(result.tornBytes).toBe(0);
      expect(result.applied).toBeLessThan(result.records);
      expect(stateOf(replayed)).toEqual(stateOf(replayEveryRecord(data)));
    },
  );

  it('gives the same when fed the file in pieces, frames cut anywhere, as it is read', () => {
    const data = randomJournal(10, 800);
    const torn = data.subarray(0, data.length - 5);
    const next = random(10);
    for (const bytes of [data, torn]) {
      const whole = new Catalog();
      const expected = replayJournal(bytes, whole);
      // What is not read yet is garbage, as in the buffer the journal is read into.
      const buffer = Buffer.alloc(bytes.length, 0xab);
      const replay = new JournalReplay(buffer);
      for (let available = 0; available < bytes.length;) {
        const more = Math.min(bytes.length, available + 1 + Math.floor(next() * 700));
        bytes.copy(buffer, available, available, more);
        replay.scan((available = more));
      }
      const pieces = new Catalog();
      expect(replay.apply(pieces, bytes.length)).toEqual(expected);
      expect(stateOf(pieces)).toEqual(stateOf(whole));
    }
  });

  it('keeps insertion order: an updated document stays where it was inserted', () => {
    const frames: Buffer[] = [];
    const catalog = new Catalog();
    catalog.setSink((record) => frames.push(encodeFrame(record)));
    const notes = catalog.ensureCollection('app', 'notes');
    notes.insert({ _id: 'first', v: 1 });
    notes.insert({ _id: 'second', v: 1 });
    notes.replace({ _id: 'first', v: 1 }, { _id: 'first', v: 2 });
    notes.remove({ _id: 'second', v: 1 });
    notes.insert({ _id: 'second', v: 3 });
    const replayed = new Catalog();
    replayJournal(Buffer.concat(frames), replayed);
    expect([...(replayed.collection('app', 'notes')?.docs.values() ?? [])]).toEqual([
      { _id: 'first', v: 2 },
      { _id: 'second', v: 3 },
    ]);
  });

  it('stops at a torn or corrupt frame, as the full replay does', () => {
    const data = randomJournal(9, 300);
    const torn = data.subarray(0, data.length - 3);
    const corrupt = Buffer.from(data);
    const middle = Math.floor(data.length / 2);
    corrupt[middle] = (corrupt[middle] as number) ^ 0xff;
    for (const bytes of [torn, corrupt]) {
      const replayed = new Catalog();
      const result = replayJournal(bytes, replayed);
      expect(result.tornBytes).toBeGreaterThan(0);
      expect(result.validBytes + result.tornBytes).toBe(bytes.length);
      expect(stateOf(replayed)).toEqual(stateOf(replayEveryRecord(bytes)));
    }
  });

  it('reads records of a layout or _id type it does not scan by decoding them', () => {
    // Field order other than the journal's own, and a compound _id.
    const records: Document[] = [
      { db: 'app', o: 'put', c: 'x', doc: { _id: 1, v: 'one' } },
      { o: 'put', db: 'app', c: 'x', doc: { v: 'two', _id: 2 } },
      { o: 'put', db: 'app', c: 'x', doc: { _id: { a: 1 }, v: 'three' } },
      { o: 'put', db: 'app', c: 'x', doc: { _id: 1, v: 'one again' } },
      { c: 'x', o: 'remove', db: 'app', id: 2 },
      { o: 'put', db: 'app', c: 'x', doc: { _id: { a: 1 }, v: 'three again' } },
      // Read from the bytes, then removed by a record that is decoded: the keys must meet.
      { o: 'put', db: 'app', c: 'x', doc: { _id: new ObjectId('65a1b2c3d4e5f60718293a4b') } },
      { c: 'x', o: 'remove', db: 'app', id: new ObjectId('65a1b2c3d4e5f60718293a4b') },
      { o: 'put', db: 'app', c: 'x', doc: { _id: 'four' } },
      { c: 'x', o: 'remove', db: 'app', id: 'four' },
      { o: 'put', db: 'app', c: 'x', doc: { _id: 5 } },
      { c: 'x', o: 'remove', db: 'app', id: 5 },
    ];
    const data = Buffer.concat(records.map((record) => encodeFrame(record as JournalRecord)));
    const replayed = new Catalog();
    expect(replayJournal(data, replayed).applied).toBe(2);
    expect([...(replayed.collection('app', 'x')?.docs.values() ?? [])]).toEqual([
      { _id: 1, v: 'one again' },
      { _id: { a: 1 }, v: 'three again' },
    ]);
  });
});
