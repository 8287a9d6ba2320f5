import { ObjectId } from 'bson';
import type { CommandHandler } from './context.ts';

/** A wire version the official driver 7 accepts (it requires at least 9); 21 is MongoDB 7.0. */
export const MAX_WIRE_VERSION = 21;
export const SERVER_VERSION = '7.0.0';

const processId = new ObjectId();

const hello: CommandHandler = (_command, context) => ({
  helloOk: true,
  isWritablePrimary: true,
  ismaster: true,
  ...context.replicaSet?.helloFields(),
  maxBsonObjectSize: 16 * 1024 * 1024,
  maxMessageSizeBytes: 48_000_000,
  maxWriteBatchSize: 100_000,
  localTime: new Date(),
  logicalSessionTimeoutMinutes: 30,
  connectionId: context.connection.id,
  minWireVersion: 0,
  maxWireVersion: MAX_WIRE_VERSION,
  readOnly: false,
  ok: 1,
});

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded-mongo',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  allocator: 'system',
  openssl: { running: 'disabled' },
  sysInfo: 'deprecated',
  ok: 1,
});

const getParameter: CommandHandler = (command) => {
  const reply: Record<string, unknown> = { ok: 1 };
  const all = command.getParameter === '*';
  if (all || command.featureCompatibilityVersion !== undefined)
    reply.featureCompatibilityVersion = { version: '7.0' };
  if (all || command.authenticationMechanisms !== undefined) reply.authenticationMechanisms = [];
  return reply;
};

const ok: CommandHandler = () => ({ ok: 1 });

export const handshakeCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  whatsmyuri: (_command, context) => ({ you: context.connection.remote, ok: 1 }),
  endSessions: ok,
  connectionStatus: () => ({
    authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
    ok: 1,
  }),
  hostInfo: () => ({ system: { currentTime: new Date(), hostname: 'localhost' }, ok: 1 }),
  serverStatus: () => ({
    host: 'localhost',
    version: SERVER_VERSION,
    process: 'embedded-mongo',
    pid: process.pid,
    uptime: Math.floor(process.uptime()),
    localTime: new Date(),
    processId,
    ok: 1,
  }),
};
