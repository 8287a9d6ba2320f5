import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CommandContext, ConnectionInfo } from './commands/context.ts';
import { commandNameOf, runCommand } from './commands/dispatch.ts';
import type { CursorStore } from './cursors.ts';
import { CommandError } from './errors.ts';
import type { FaultState } from './faults.ts';
import type { ReplicaSet } from './replica-set.ts';
import type { Catalog } from './storage/catalog.ts';
import type { Journal } from './storage/journal.ts';
import type { Document } from './values.ts';
import {
  type CommandRequest,
  OpCode,
  ProtocolError,
  encodeMsg,
  encodeReply,
  messageLength,
  parseMessage,
} from './wire/messages.ts';

export interface WireServerDeps {
  catalog: Catalog;
  cursors: CursorStore;
  journal: Journal | undefined;
  faults: FaultState;
  log: (line: string) => void;
  /** Replica-set mode; undefined for a standalone. */
  replicaSet?: ReplicaSet | undefined;
}

/** The TCP side: framing, one command at a time per connection, replies, fault injection. */
export class WireServer {
  private readonly deps: WireServerDeps;
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  private nextConnectionId = 1;

  constructor(deps: WireServerDeps) {
    this.deps = deps;
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    const info = {
      id: this.nextConnectionId++,
      remote: `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? 0}`,
    };
    const connection = new Connection(socket, info, this.deps);
    this.connections.add(connection);
    socket.once('close', () => this.connections.delete(connection));
  }

  closeConnections(): void {
    for (const connection of this.connections) connection.close();
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.closeConnections();
    await closed;
  }
}

class Connection {
  private readonly socket: net.Socket;
  private readonly info: ConnectionInfo;
  private readonly deps: WireServerDeps;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private busy = false;
  private closed = false;

  constructor(socket: net.Socket, info: ConnectionInfo, deps: WireServerDeps) {
    this.socket = socket;
    this.info = info;
    this.deps = deps;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => {
      this.closed = true;
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    void this.pump();
  }

  /** Handles complete messages in arrival order, one at a time. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let message = this.next(); message && !this.closed; message = this.next())
        await this.handle(message);
    } catch (error) {
      this.reject(error);
    } finally {
      this.busy = false;
    }
  }

  /** The next complete message, or undefined until more bytes arrive. */
  private next(): Buffer | undefined {
    if (this.buffered < 4) return undefined;
    if ((this.chunks[0] as Buffer).length < 4) this.chunks = [Buffer.concat(this.chunks)];
    const length = messageLength(this.chunks[0] as Buffer);
    if (this.buffered < length) return undefined;
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    const rest = all.subarray(length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, length);
  }

  private async handle(message: Buffer): Promise<void> {
    const request = parseMessage(message);
    const { replicaSet } = this.deps;
    const executed = await this.execute(request);
    // A replica-set member's replies carry its cluster time (after the command's own writes).
    const reply = replicaSet ? { ...executed, ...replicaSet.clusterTimeFields() } : executed;
    if (request.moreToCome || this.closed) return;
    const { delayMs } = this.deps.faults;
    if (delayMs > 0) await sleep(delayMs);
    if (this.closed) return;
    const encoded =
      request.opCode === OpCode.QUERY
        ? encodeReply(request.requestId, reply)
        : encodeMsg(request.requestId, reply);
    this.socket.write(encoded);
  }

  private async execute(request: CommandRequest): Promise<Document> {
    const name = commandNameOf(request.body);
    const injected = this.deps.faults.take(name);
    if (injected) {
      const { code, errmsg, codeName, errorLabels } = injected;
      const error = new CommandError(
        code,
        errmsg ?? `failing command ${name} on request`,
        {},
        codeName,
      );
      return errorLabels ? { ...error.toReply(), errorLabels } : error.toReply();
    }
    const context: CommandContext = {
      catalog: this.deps.catalog,
      cursors: this.deps.cursors,
      db: request.db,
      connection: this.info,
      replicaSet: this.deps.replicaSet,
    };
    const { journal } = this.deps;
    const appendedBefore = journal?.appended ?? 0;
    let reply = runCommand(request.body, context, this.deps.log);
    // A tailable awaitData cursor's getMore (and a change stream's) waits up to maxTimeMS
    // (default 1 s) for new documents before answering an empty batch, as mongod does.
    const { cursors } = this.deps;
    const cursorId = request.body.getMore;
    if (name === 'getMore' && cursors.awaitsData(cursorId)) {
      const waitMs = Number(request.body.maxTimeMS ?? 1000);
      const deadline = Date.now() + (Number.isFinite(waitMs) ? waitMs : 1000);
      while (isEmptyOpenBatch(reply) && Date.now() < deadline && !this.closed) {
        await cursors.waitForData(cursorId, deadline - Date.now());
        reply = runCommand(request.body, context, this.deps.log);
      }
    }
    // Acknowledge a write only once it is on disk (group commit with concurrent writers).
    if (journal && journal.appended !== appendedBefore) {
      try {
        await journal.sync();
      } catch (error) {
        this.deps.log(`journal write failed: ${String(error)}`);
        return new CommandError(1, `journal write failed: ${String(error)}`).toReply();
      }
    }
    return reply;
  }

  /** A malformed message closes this connection only, with one log line. */
  private reject(error: unknown): void {
    const reason = error instanceof ProtocolError ? error.message : String(error);
    this.deps.log(
      `connection ${this.info.id} from ${this.info.remote}: malformed message (${reason}); closing it`,
    );
    this.close();
  }
}

/** A getMore answer with no documents on a cursor that stays open. */
function isEmptyOpenBatch(reply: Document): boolean {
  const cursor = reply.cursor as { nextBatch?: unknown[]; id?: unknown } | undefined;
  return (
    reply.ok === 1 &&
    Array.isArray(cursor?.nextBatch) &&
    cursor.nextBatch.length === 0 &&
    String(cursor.id) !== '0'
  );
}
