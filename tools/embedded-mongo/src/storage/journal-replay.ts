import { crc32 } from 'node:zlib';
import { deserialize, serialize } from 'bson';
import { DESERIALIZE_OPTIONS } from '../bson-options.ts';
import { indexKey } from '../values.ts';
import type { Catalog } from './catalog.ts';
import type { JournalRecord } from './journal-record.ts';

/** `[length: uint32 LE][crc32 of the body: uint32 LE]` before each record's BSON body. */
export const FRAME_HEADER = 8;

export function encodeFrame(record: JournalRecord): Buffer {
  const body = serialize(record);
  const frame = Buffer.allocUnsafe(FRAME_HEADER + body.length);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  frame.set(body, FRAME_HEADER);
  return frame;
}

/**
 * The bytes were written by our own serializer and passed their CRC, so they are valid UTF-8:
 * validating it again cost a quarter of the decoding time.
 */
const REPLAY_OPTIONS = { ...DESERIALIZE_OPTIONS, validation: { utf8: false } } as const;

export interface ReplayResult {
  /** Bytes of whole, intact frames from the start of the file. */
  validBytes: number;
  /** Records in those frames. */
  records: number;
  /** Records decoded and applied (the others were superseded by later ones). */
  applied: number;
  /** The bytes of the frames applied: about what a compaction would write. */
  liveBytes: number;
  /** Bytes after the last intact frame: the torn tail of a crash. */
  tornBytes: number;
}

/** The documents of one namespace, by canonical `_id`: the frame that began each one's life. */
interface Namespace {
  /** The frame of the latest drop of its database. */
  database: { dropped: number };
  /** The frame of its latest drop. */
  dropped: number;
  /** `_id` strings (indexKey `s…`), by the string. */
  strings: Map<string, number>;
  /** ObjectId `_id`s (indexKey `o<hex>`), by their 12 bytes as latin1. */
  objectIds: Map<string, number>;
  /** Every other `_id`, by its indexKey. */
  others: Map<string, number>;
}

const PUT = 1;
const REMOVE = 2;
const DROP = 3;
const DROP_DATABASE = 4;
const OTHER = 5;

/**
 * Rebuilds the catalog from a journal's bytes with the state, and the document order, that
 * applying every record in turn gives, but decoding each live document once. A journal about to
 * be compacted is mostly superseded versions (a webhook log updated twice is three puts), and
 * decoding, indexing and collecting the garbage of those was most of a restart.
 *
 * Pass 1 checks every frame's CRC (stopping at the first torn or corrupt one, as before) and
 * reads only each record's kind, namespace and `_id` from the raw bytes. A document's life runs
 * from the put that inserts it to its removal or its collection's (or database's) drop. Pass 2
 * applies every other record (create, index, options, drop, …) in order, skips removals, and at
 * the put that began a life applies that life's latest version instead: in-order replay would
 * put the document there and then replace it in place. A life a removal ended is skipped; one a
 * drop ended is applied, and the drop, applied in order, ends it.
 */
export function replayJournal(data: Buffer, catalog: Catalog): ReplayResult {
  const replay = new JournalReplay(data);
  replay.scan(data.length);
  return replay.apply(catalog, data.length);
}

/**
 * The two passes of `replayJournal`, with pass 1 fed as the file is read: `scan(available)`
 * reads the frames complete in `data[0, available)`, so the next chunk can be read meanwhile.
 */
export class JournalReplay {
  private readonly data: Buffer;
  private readonly offsets: number[] = [];
  private readonly kinds: number[] = [];
  /** Per frame: for a put that began a life still standing, the frame of its latest version. */
  private readonly latest: number[] = [];
  private readonly namespaces = new Map<string, Namespace>();
  private readonly databases = new Map<string, { dropped: number }>();
  private readonly current: Scan = newScan();
  private namespace: Namespace | undefined;
  /** Where the next frame starts: the end of the intact frames so far. */
  private offset = 0;
  /** A frame failed its CRC: nothing after it is replayed. */
  private stopped = false;

  constructor(data: Buffer) {
    this.data = data;
  }

  /** Pass 1 over the frames complete below `available`; false once a corrupt one stopped it. */
  scan(available: number): boolean {
    const { data, offsets, kinds, latest, current: scan } = this;
    while (!this.stopped && this.offset + FRAME_HEADER <= available) {
      const length = data.readUInt32LE(this.offset);
      const end = this.offset + FRAME_HEADER + length;
      if (end > available) break;
      const start = this.offset + FRAME_HEADER;
      if (crc32(data.subarray(start, end)) !== data.readUInt32LE(this.offset + 4)) {
        this.stopped = true;
        break;
      }
      this.offset = end;
      const frame = offsets.length;
      offsets.push(start);
      latest.push(-1);
      const kind = scanRecord(data, start, end, scan) ? scan.kind : slowScan(data, start, scan);
      kinds.push(kind);
      if (kind === OTHER) continue;
      if (kind === DROP_DATABASE) {
        this.database(scan.db ?? data.toString('utf8', scan.dbStart, scan.dbEnd)).dropped = frame;
        scan.previousStart = -1;
        this.namespace = undefined;
        continue;
      }
      // Consecutive records mostly share a namespace: its bytes are compared before decoding.
      let namespace = this.namespace;
      if (!namespace || !scan.sameNamespace) {
        const db = scan.db ?? data.toString('utf8', scan.dbStart, scan.dbEnd);
        const key = `${db}\u0000${scan.c ?? data.toString('utf8', scan.cStart, scan.cEnd)}`;
        namespace = this.namespaces.get(key);
        if (!namespace) {
          namespace = {
            database: this.database(db),
            dropped: -1,
            strings: new Map(),
            objectIds: new Map(),
            others: new Map(),
          };
          this.namespaces.set(key, namespace);
        }
        this.namespace = namespace;
      }
      if (kind === DROP) {
        namespace.dropped = frame;
        continue;
      }
      const ids = idMap(namespace, scan);
      const began = ids.get(scan.id);
      if (kind === REMOVE) {
        if (began !== undefined) {
          latest[began] = -1;
          ids.delete(scan.id);
        }
        continue;
      }
      const dropped = Math.max(namespace.dropped, namespace.database.dropped);
      if (began === undefined || dropped > (latest[began] as number)) {
        ids.set(scan.id, frame);
        latest[frame] = frame;
      } else latest[began] = frame;
    }
    return !this.stopped;
  }

  /** Pass 2, once `scan` saw the whole file (`size` bytes): applies what is live. */
  apply(catalog: Catalog, size: number): ReplayResult {
    const { data, offsets, kinds, latest } = this;
    let applied = 0;
    let liveBytes = 0;
    for (let frame = 0; frame < offsets.length; frame += 1) {
      const kind = kinds[frame];
      let source = frame;
      if (kind === PUT || kind === REMOVE) {
        source = latest[frame] as number;
        if (source < 0) continue;
      }
      const start = offsets[source] as number;
      catalog.apply(decode(data, start));
      applied += 1;
      liveBytes += FRAME_HEADER + data.readInt32LE(start);
    }
    return {
      validBytes: this.offset,
      records: offsets.length,
      applied,
      liveBytes,
      tornBytes: size - this.offset,
    };
  }

  private database(name: string): { dropped: number } {
    let found = this.databases.get(name);
    if (!found) this.databases.set(name, (found = { dropped: -1 }));
    return found;
  }
}

function decode(data: Buffer, start: number): JournalRecord {
  return deserialize(
    data.subarray(start, start + data.readInt32LE(start)),
    REPLAY_OPTIONS,
  ) as JournalRecord;
}

function idMap(namespace: Namespace, scan: Scan): Map<string, number> {
  return scan.idType === ID_STRING
    ? namespace.strings
    : scan.idType === ID_OBJECT_ID
      ? namespace.objectIds
      : namespace.others;
}

const ID_STRING = 1;
const ID_OBJECT_ID = 2;
const ID_OTHER = 3;

/** What pass 1 reads of one record; reused from record to record. */
interface Scan {
  kind: number;
  dbStart: number;
  dbEnd: number;
  cStart: number;
  cEnd: number;
  /** Set when the record was decoded (slowScan) rather than read from its bytes. */
  db: string | undefined;
  c: string | undefined;
  /** The namespace's bytes equal those of the previous record that had one. */
  sameNamespace: boolean;
  idType: number;
  /** The `_id` as its map keys it (see Namespace). */
  id: string;
  previousStart: number;
  previousEnd: number;
}

function newScan(): Scan {
  return {
    kind: OTHER,
    dbStart: 0,
    dbEnd: 0,
    cStart: 0,
    cEnd: 0,
    db: undefined,
    c: undefined,
    sameNamespace: false,
    idType: ID_OTHER,
    id: '',
    previousStart: -1,
    previousEnd: -1,
  };
}

// BSON element types (bsonspec.org) and the journal's field names.
const DOUBLE = 0x01;
const STRING = 0x02;
const DOCUMENT = 0x03;
const OBJECT_ID = 0x07;
const INT32 = 0x10;
const NAME_O = Buffer.from('o\0');
const NAME_DB = Buffer.from('db\0');
const NAME_C = Buffer.from('c\0');
const NAME_DOC = Buffer.from('doc\0');
const NAME_ID = Buffer.from('id\0');
const NAME_UNDERSCORE_ID = Buffer.from('_id\0');
const OPS: [Buffer, number][] = [
  [Buffer.from('put'), PUT],
  [Buffer.from('remove'), REMOVE],
  [Buffer.from('drop'), DROP],
  [Buffer.from('dropDatabase'), DROP_DATABASE],
];

/** Byte by byte: Buffer#compare's argument checks cost more than these few bytes. */
function sameBytes(data: Buffer, start: number, end: number, otherStart: number, otherEnd: number) {
  if (start < 0 || end - start !== otherEnd - otherStart) return false;
  for (let i = 0; i < end - start; i += 1)
    if (data[start + i] !== data[otherStart + i]) return false;
  return true;
}

function bytesAt(data: Buffer, at: number, expected: Buffer): boolean {
  if (at + expected.length > data.length) return false;
  for (let i = 0; i < expected.length; i += 1) if (data[at + i] !== expected[i]) return false;
  return true;
}

/**
 * Reads a record as the journal writes it — `{ o, db, c, doc: { _id, … } }` or `{ o, db, c, id }`
 * — from its bytes, without building it. False when the layout or the `_id` type is not one it
 * reads (string, ObjectId, int32, double): the caller then decodes the record, so the outcome
 * never depends on this shortcut.
 */
function scanRecord(data: Buffer, start: number, end: number, scan: Scan): boolean {
  scan.db = undefined;
  scan.c = undefined;
  let at = start + 4;
  if (data[at] !== STRING || !bytesAt(data, at + 1, NAME_O)) return false;
  at += 1 + NAME_O.length;
  const opLength = data.readInt32LE(at) - 1;
  const opStart = at + 4;
  at = opStart + opLength + 1;
  scan.kind = OTHER;
  for (const [name, kind] of OPS)
    if (name.length === opLength && bytesAt(data, opStart, name)) scan.kind = kind;
  if (scan.kind === OTHER) return true;
  if (data[at] !== STRING || !bytesAt(data, at + 1, NAME_DB)) return false;
  const namespaceStart = at;
  at += 1 + NAME_DB.length;
  scan.dbStart = at + 4;
  scan.dbEnd = scan.dbStart + data.readInt32LE(at) - 1;
  at = scan.dbEnd + 1;
  if (scan.kind !== DROP_DATABASE) {
    if (data[at] !== STRING || !bytesAt(data, at + 1, NAME_C)) return false;
    at += 1 + NAME_C.length;
    scan.cStart = at + 4;
    scan.cEnd = scan.cStart + data.readInt32LE(at) - 1;
    at = scan.cEnd + 1;
  }
  if (at >= end) return false;
  scan.sameNamespace = sameBytes(data, scan.previousStart, scan.previousEnd, namespaceStart, at);
  scan.previousStart = namespaceStart;
  scan.previousEnd = at;
  if (scan.kind === DROP || scan.kind === DROP_DATABASE) return true;
  let type = data[at] as number;
  if (scan.kind === PUT) {
    if (type !== DOCUMENT || !bytesAt(data, at + 1, NAME_DOC)) return false;
    at += 1 + NAME_DOC.length + 4;
    type = data[at] as number;
    if (!bytesAt(data, at + 1, NAME_UNDERSCORE_ID)) return false;
    at += 1 + NAME_UNDERSCORE_ID.length;
  } else {
    if (!bytesAt(data, at + 1, NAME_ID)) return false;
    at += 1 + NAME_ID.length;
  }
  switch (type) {
    case STRING:
      scan.idType = ID_STRING;
      scan.id = data.toString('utf8', at + 4, at + 4 + data.readInt32LE(at) - 1);
      return true;
    case OBJECT_ID:
      scan.idType = ID_OBJECT_ID;
      scan.id = data.toString('latin1', at, at + 12);
      return true;
    case INT32:
      scan.idType = ID_OTHER;
      scan.id = indexKey(data.readInt32LE(at));
      return true;
    case DOUBLE:
      scan.idType = ID_OTHER;
      scan.id = indexKey(data.readDoubleLE(at));
      return true;
    default:
      return false;
  }
}

/** The same as scanRecord, by decoding the record (any layout, any `_id` type). */
function slowScan(data: Buffer, start: number, scan: Scan): number {
  const record = decode(data, start);
  scan.previousStart = -1;
  scan.sameNamespace = false;
  scan.db = record.db;
  scan.c = record.o === 'dropDatabase' ? undefined : record.c;
  if (record.o === 'drop') return (scan.kind = DROP);
  if (record.o === 'dropDatabase') return (scan.kind = DROP_DATABASE);
  if (record.o !== 'put' && record.o !== 'remove') return (scan.kind = OTHER);
  const key = indexKey(record.o === 'put' ? record.doc._id : record.id);
  // Keyed as scanRecord keys it, so both ways meet in the same maps.
  if (key.startsWith('s')) {
    scan.idType = ID_STRING;
    scan.id = key.slice(1);
  } else if (key.startsWith('o')) {
    scan.idType = ID_OBJECT_ID;
    scan.id = Buffer.from(key.slice(1), 'hex').toString('latin1');
  } else {
    scan.idType = ID_OTHER;
    scan.id = key;
  }
  return (scan.kind = record.o === 'put' ? PUT : REMOVE);
}
