import { deserialize, serialize } from 'bson';
import { DESERIALIZE_OPTIONS } from '../bson-options.ts';
import type { Document } from '../values.ts';

export const OpCode = { REPLY: 1, QUERY: 2004, COMPRESSED: 2012, MSG: 2013 } as const;

const HEADER_SIZE = 16;
/** The limit mongod advertises as maxMessageSizeBytes, plus slack for the header. */
export const MAX_MESSAGE_SIZE = 48_000_000 + 16 * 1024;

const MSG_CHECKSUM_PRESENT = 1 << 0;
const MSG_MORE_TO_COME = 1 << 1;
/** Bits 0-15 are "required": a flag we do not know there means we cannot read the message. */
const MSG_KNOWN_REQUIRED_BITS = MSG_CHECKSUM_PRESENT | MSG_MORE_TO_COME;

/** A message we cannot parse; the connection that sent it gets closed. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

export interface CommandRequest {
  opCode: typeof OpCode.QUERY | typeof OpCode.MSG;
  requestId: number;
  db: string;
  body: Document;
  /** OP_MSG moreToCome: the client wants no answer (w: 0). */
  moreToCome: boolean;
}

export function messageLength(head: Buffer): number {
  const length = head.readInt32LE(0);
  if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE)
    throw new ProtocolError(`invalid message length ${length}`);
  return length;
}

export function parseMessage(message: Buffer): CommandRequest {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OpCode.MSG) return parseMsg(message, requestId);
  if (opCode === OpCode.QUERY) return parseQuery(message, requestId);
  throw new ProtocolError(`unsupported opCode ${opCode}`);
}

/** OP_MSG: flags, one kind-0 body and any number of kind-1 document sequences. */
function parseMsg(message: Buffer, requestId: number): CommandRequest {
  if (message.length < HEADER_SIZE + 5) throw new ProtocolError('OP_MSG too short');
  const flags = message.readUInt32LE(HEADER_SIZE);
  if ((flags & 0xffff & ~MSG_KNOWN_REQUIRED_BITS) !== 0)
    throw new ProtocolError(`OP_MSG has unknown required flag bits ${flags.toString(16)}`);
  const end = flags & MSG_CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: [string, Document[]][] = [];
  while (offset < end) {
    const kind = message[offset];
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG has two body sections');
      const size = documentSize(message, offset, end);
      body = readDocument(message, offset, size);
      offset += size;
    } else if (kind === 1) {
      const size = readSize(message, offset, end);
      const sectionEnd = offset + size;
      const nameEnd = message.indexOf(0, offset + 4);
      if (nameEnd < 0 || nameEnd >= sectionEnd)
        throw new ProtocolError('OP_MSG sequence without a name');
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      const docs: Document[] = [];
      let position = nameEnd + 1;
      while (position < sectionEnd) {
        const docSize = documentSize(message, position, sectionEnd);
        docs.push(readDocument(message, position, docSize));
        position += docSize;
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    } else throw new ProtocolError(`OP_MSG section kind ${String(kind)} is unknown`);
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) body[identifier] = docs;
  const db = body.$db;
  if (typeof db !== 'string') throw new ProtocolError('OP_MSG body without $db');
  return {
    opCode: OpCode.MSG,
    requestId,
    db,
    body,
    moreToCome: (flags & MSG_MORE_TO_COME) !== 0,
  };
}

/** Legacy OP_QUERY, only for commands on `<db>.$cmd` (the driver's first `ismaster`). */
function parseQuery(message: Buffer, requestId: number): CommandRequest {
  const nameStart = HEADER_SIZE + 4;
  const nameEnd = message.indexOf(0, nameStart);
  if (nameEnd < 0) throw new ProtocolError('OP_QUERY without a collection name');
  const fullName = message.toString('utf8', nameStart, nameEnd);
  const offset = nameEnd + 1 + 8;
  const size = documentSize(message, offset, message.length);
  let body = readDocument(message, offset, size);
  if (!fullName.endsWith('.$cmd'))
    throw new ProtocolError(`OP_QUERY on ${fullName} is not supported`);
  // Drivers wrap the command when they add a read preference: { $query: {...}, $readPreference }.
  if (body.$query !== null && typeof body.$query === 'object') body = body.$query as Document;
  return {
    opCode: OpCode.QUERY,
    requestId,
    db: fullName.slice(0, -'.$cmd'.length),
    body,
    moreToCome: false,
  };
}

function readSize(message: Buffer, offset: number, end: number): number {
  if (offset + 4 > end) throw new ProtocolError('truncated section');
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError(`invalid section size ${size}`);
  return size;
}

function documentSize(message: Buffer, offset: number, end: number): number {
  return readSize(message, offset, end);
}

function readDocument(message: Buffer, offset: number, size: number): Document {
  try {
    return deserialize(message.subarray(offset, offset + size), DESERIALIZE_OPTIONS);
  } catch (error) {
    throw new ProtocolError(`invalid BSON: ${(error as Error).message}`);
  }
}

function header(length: number, responseTo: number, opCode: number, target: Buffer): void {
  target.writeInt32LE(length, 0);
  target.writeInt32LE(0, 4);
  target.writeInt32LE(responseTo, 8);
  target.writeInt32LE(opCode, 12);
}

/** OP_MSG answer: no flags, one body section. */
export function encodeMsg(responseTo: number, doc: Document): Buffer {
  const body = serialize(doc);
  const out = Buffer.allocUnsafe(HEADER_SIZE + 5 + body.length);
  header(out.length, responseTo, OpCode.MSG, out);
  out.writeUInt32LE(0, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  out.set(body, HEADER_SIZE + 5);
  return out;
}

/** OP_REPLY answer to an OP_QUERY: one document, no cursor. */
export function encodeReply(responseTo: number, doc: Document): Buffer {
  const body = serialize(doc);
  const out = Buffer.allocUnsafe(HEADER_SIZE + 20 + body.length);
  header(out.length, responseTo, OpCode.REPLY, out);
  out.writeInt32LE(0, HEADER_SIZE); // responseFlags
  out.writeBigInt64LE(0n, HEADER_SIZE + 4); // cursorID
  out.writeInt32LE(0, HEADER_SIZE + 12); // startingFrom
  out.writeInt32LE(1, HEADER_SIZE + 16); // numberReturned
  out.set(body, HEADER_SIZE + 20);
  return out;
}
