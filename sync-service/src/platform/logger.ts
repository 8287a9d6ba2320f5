import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/** Paths pino blanks wherever they occur in a log line: credentials never reach the logs. */
export const REDACTED_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.clientSecret',
  '*.apiKey',
  '*.mongodbUri',
  // co-body puts the raw request body on parse errors.
  'err.body',
];

export type LoggerOptions = {
  level: string;
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
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A MongoDB URI without its user and password, for log lines. */
export function safeUri(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}
