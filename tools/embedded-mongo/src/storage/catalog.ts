import { CommandError, ErrorCode } from '../errors.ts';
import type { Document } from '../values.ts';
import type { ChangeSink } from './changes.ts';
import { Collection } from './collection.ts';
import type { JournalRecord, JournalSink } from './journal-record.ts';

/** Every database and collection the server holds, and the journal sink they write to. */
export class Catalog {
  private readonly dbs = new Map<string, Map<string, Collection>>();
  private sink: JournalSink = () => undefined;

  /** Starts journaling (after replay, so replayed records are not written again). */
  setSink(sink: JournalSink): void {
    this.sink = sink;
  }

  private readonly journal: JournalSink = (record) => this.sink(record);

  private changeSink: ChangeSink = () => undefined;

  /** Reports every write from now on (replica-set mode: the change streams' history). */
  setChangeSink(sink: ChangeSink): void {
    this.changeSink = sink;
  }

  private readonly changes: ChangeSink = (change) => this.changeSink(change);

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** The collection, created implicitly as MongoDB does on the first write. */
  ensureCollection(db: string, name: string): Collection {
    return this.collection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(db: string, name: string, options: Document): Collection {
    validateName(db, name);
    if (this.collection(db, name))
      throw new CommandError(ErrorCode.NamespaceExists, `Collection ${db}.${name} already exists.`);
    const collection = this.addCollection(db, name, options);
    this.journal({ o: 'create', db, c: name, options });
    return collection;
  }

  /** Replaces a collection's options (collMod: validator, validationLevel, validationAction). */
  setOptions(collection: Collection, options: Document): void {
    collection.options = options;
    this.journal({ o: 'options', db: collection.db, c: collection.name, options });
  }

  private addCollection(db: string, name: string, options: Document): Collection {
    let collections = this.dbs.get(db);
    if (!collections) {
      collections = new Map();
      this.dbs.set(db, collections);
    }
    const collection = new Collection(db, name, options, this.journal, this.changes);
    collections.set(name, collection);
    return collection;
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const collection = this.collection(db, name);
    if (!collection) return undefined;
    this.dbs.get(db)?.delete(name);
    if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
    this.journal({ o: 'drop', db, c: name });
    this.changes({ op: 'drop', db, coll: name });
    return collection;
  }

  dropDatabase(db: string): void {
    const dropped = this.dbs.get(db);
    if (!this.dbs.delete(db)) return;
    this.journal({ o: 'dropDatabase', db });
    // As mongod: a drop per collection, then the database's own event.
    for (const name of dropped?.keys() ?? []) this.changes({ op: 'drop', db, coll: name });
    this.changes({ op: 'dropDatabase', db });
  }

  databaseNames(): string[] {
    return [...this.dbs.keys()];
  }

  collections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  allCollections(): Collection[] {
    return [...this.dbs.values()].flatMap((collections) => [...collections.values()]);
  }

  /** Applies one replayed record, without journaling it again. */
  apply(record: JournalRecord): void {
    if (record.o === 'dropDatabase') {
      this.dbs.delete(record.db);
      return;
    }
    const { db, c } = record;
    const existing = this.collection(db, c);
    switch (record.o) {
      case 'create':
        if (!existing) this.addCollection(db, c, record.options);
        return;
      case 'drop':
        this.dbs.get(db)?.delete(c);
        return;
      case 'options':
        if (existing) existing.options = record.options;
        return;
    }
    const collection = existing ?? this.addCollection(db, c, {});
    switch (record.o) {
      case 'put':
        collection.restore(record.doc);
        return;
      case 'remove':
        collection.restoreRemoval(record.id);
        return;
      case 'index':
        collection.dropIndex(record.spec.name, false);
        collection.createIndex(record.spec, false);
        return;
      case 'dropIndex':
        collection.dropIndex(record.name, false);
        return;
    }
  }

  /**
   * The records that rebuild the current state. Taken synchronously, so it is a consistent
   * snapshot: documents are immutable and the arrays here are copies.
   */
  snapshot(): JournalRecord[] {
    const records: JournalRecord[] = [];
    for (const collection of this.allCollections()) {
      const { db, name: c } = collection;
      records.push({ o: 'create', db, c, options: collection.options });
      for (const index of collection.indexes.values())
        records.push({ o: 'index', db, c, spec: { ...index.spec } });
      for (const doc of collection.docs.values()) records.push({ o: 'put', db, c, doc });
    }
    return records;
  }
}

function validateName(db: string, name: string): void {
  if (name === '' || name.includes('\0') || name.startsWith('.') || name.includes('$'))
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid collection name: ${name}`);
  if (db === '' || /[/\\. "$\0]/.test(db))
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid database name: ${db}`);
}
