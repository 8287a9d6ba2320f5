import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';

export type Logger = PinoLogger;

/** Request and response headers that carry credentials. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'x-api-key',
];

/** Field names that hold credentials wherever they sit (OAuth, platform keys, sign-in codes). */
const SECRET_FIELDS = [
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'apiKey',
  'api_key',
  'consumerSecret',
  'consumer_secret',
  'clientSecret',
  'signingSecret',
  'client_secret',
  'password',
  'token',
  'code',
  'secret',
  'authSecret',
  'secretsKey',
  'mongodbUri',
];

/**
 * Paths pino blanks wherever they occur in a log line, down to three levels (`apiKey`,
 * `*.apiKey`, `*.*.apiKey`): credentials never reach the logs. Each wildcard costs a walk of
 * the logged object, so the depth stays small; log secrets deeper than that and they show.
 */
export const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((header) =>
    ['headers', '*.headers', '*.*.headers'].map((parent) => `${parent}["${header}"]`),
  ),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  // co-body puts the raw request body on parse errors.
  'err.body',
];

/** `json`: one JSON object per line (production, log shippers); `pretty`: one readable line. */
export type LogFormat = 'json' | 'pretty';

export type LoggerOptions = {
  level: string;
  /** `json` unless given; `pretty` writes through pino-pretty (a developer's terminal). */
  format?: LogFormat;
  /** Where lines go; stdout unless given (tests pass a stream to read them back). */
  destination?: DestinationStream;
  base?: Record<string, unknown>;
};

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'sync-service', ...options.base },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.format === 'pretty'
      ? prettyLines(options.destination)
      : (options.destination ?? pino.destination({ dest: 1, sync: true })),
  );
}

/**
 * One readable line per event: time, level, `[request id]` and the message, then the line's
 * other fields inline. Synchronous, as the JSON destination is, so a crash's last lines are
 * written before the process exits. Colours when stdout is a terminal (pino-pretty asks); none
 * into a given destination.
 */
function prettyLines(destination?: DestinationStream): DestinationStream {
  return pretty({
    ...(destination ? { destination, colorize: false } : {}),
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,reqId',
    messageFormat: '{if reqId}[{reqId}] {end}{msg}',
  });
}

/**
 * pino's error serializer, with the error's own `code` (ECONNREFUSED, 11000, internal_error)
 * kept as `errorCode`: `code` fields are redacted as sign-in and OAuth codes, which would blank
 * the one clue most errors carry.
 */
function serializeError(error: Error): Record<string, unknown> {
  const { code, ...serialized } = pino.stdSerializers.err(error) as Record<string, unknown>;
  return code === undefined ? serialized : { ...serialized, errorCode: code };
}

/** A MongoDB URI without its user and password, for log lines. */
export function safeUri(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}
