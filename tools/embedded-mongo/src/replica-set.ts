import { Binary, Long, ObjectId } from 'bson';
import { ChangeLog } from './change-log.ts';
import { CommandError } from './errors.ts';
import type { Document } from './values.ts';

/** Sessions whose last retryable write is remembered (mongod keeps them 30 minutes). */
const REMEMBERED_SESSIONS = 10_000;

/**
 * The opt-in single-node replica-set mode: this server answers the handshake as the primary of
 * set `name` (so the driver's topology is ReplicaSetWithPrimary), keeps a history of writes for
 * change streams, and accepts retryable writes. No other member, election or rollback exists.
 */
export class ReplicaSet {
  readonly name: string;
  readonly changes: ChangeLog;
  readonly retryableWrites = new RetryableWrites();
  /** `host:port` as members are named in `hosts`; set once the server listens. */
  address = '';
  // The driver compares electionId, then setVersion, to tell a stale primary: they never change.
  private readonly electionId = new ObjectId('7fffffff0000000000000001');

  constructor(name: string, historySize?: number) {
    this.name = name;
    this.changes = new ChangeLog(historySize);
  }

  /**
   * The replica-set fields of a primary's `hello`. No `topologyVersion`: with it the driver
   * would stream its monitoring (exhaust `hello`); without it, it polls, which this server
   * answers like any command.
   */
  helloFields(): Document {
    const opTime = { ts: this.changes.clusterTime, t: Long.fromNumber(1) };
    const writeDate = new Date();
    return {
      hosts: [this.address],
      setName: this.name,
      setVersion: 1,
      isWritablePrimary: true,
      secondary: false,
      primary: this.address,
      me: this.address,
      electionId: this.electionId,
      lastWrite: {
        opTime,
        lastWriteDate: writeDate,
        majorityOpTime: opTime,
        majorityWriteDate: writeDate,
      },
    };
  }

  /** What every reply of a replica-set member carries (the driver gossips `$clusterTime` back). */
  clusterTimeFields(): Document {
    const clusterTime = this.changes.clusterTime;
    return {
      operationTime: clusterTime,
      $clusterTime: {
        clusterTime,
        // No authentication, so no keys: mongod's unsigned form.
        signature: { hash: new Binary(Buffer.alloc(20)), keyId: Long.ZERO },
      },
    };
  }
}

/**
 * Retryable writes: a write command with `lsid` and `txnNumber` runs once; the same number again
 * (the driver retrying after a lost connection) gets the first answer back instead of running
 * twice, an older number is 225 TransactionTooOld, as in mongod. Only each session's latest
 * write is kept, which is all a driver retries.
 */
export class RetryableWrites {
  private readonly sessions = new Map<string, { txnNumber: bigint; reply: Document }>();

  run(lsid: unknown, txnNumber: unknown, execute: () => Document): Document {
    const session = sessionKey(lsid);
    const number = txnNumberOf(txnNumber);
    if (session === undefined || number === undefined) return execute();
    const last = this.sessions.get(session);
    if (last && number < last.txnNumber)
      throw new CommandError(
        225,
        `Retryable write with txnNumber ${number} is prohibited on session ${session} because a newer retryable write with txnNumber ${last.txnNumber} has already started on this session.`,
        {},
        'TransactionTooOld',
      );
    if (last && number === last.txnNumber) return last.reply;
    const reply = execute();
    // A command error ran nothing: a retry may run it.
    if (reply.ok !== 1) return reply;
    this.sessions.delete(session);
    this.sessions.set(session, { txnNumber: number, reply });
    if (this.sessions.size > REMEMBERED_SESSIONS)
      this.sessions.delete(this.sessions.keys().next().value as string);
    return reply;
  }
}

function sessionKey(lsid: unknown): string | undefined {
  const id = (lsid as { id?: unknown } | undefined)?.id;
  return id instanceof Binary ? id.toString('hex') : undefined;
}

function txnNumberOf(value: unknown): bigint | undefined {
  if (value instanceof Long) return value.toBigInt();
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return undefined;
}
