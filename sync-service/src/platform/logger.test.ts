import { Writable } from 'node:stream';
import { createLogger } from './logger';

/** A logger at trace whose raw output lines are kept. */
function capture() {
  const output: string[] = [];
  const logger = createLogger({
    level: 'trace',
    destination: { write: (line) => output.push(line) },
  });
  return { logger, output };
}

// Every value is distinct, so the test names which one leaked.
const FIELDS = [
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'apiKey',
  'api_key',
  'consumerSecret',
  'consumer_secret',
  'clientSecret',
  'client_secret',
  'password',
  'token',
  'code',
] as const;

function secretsFor(depth: string): Record<string, string> {
  return Object.fromEntries(FIELDS.map((field) => [field, `leak-${depth}-${field}`]));
}

describe('log redaction', () => {
  it('blanks every credential field at the top level and one and two levels down', () => {
    const { logger, output } = capture();
    logger.info(
      {
        ...secretsFor('top'),
        account: {
          ...secretsFor('one'),
          name: 'Acme',
          tokens: { ...secretsFor('two'), kept: 'yes' },
        },
      },
      'with secrets',
    );

    expect(output).toHaveLength(1);
    const line = output[0]!;
    expect(line).not.toContain('leak-');
    const parsed = JSON.parse(line) as Record<string, Record<string, unknown>>;
    for (const field of FIELDS) {
      expect(parsed[field]).toBe('[redacted]');
      expect(parsed.account?.[field]).toBe('[redacted]');
    }
    expect(parsed.account).toMatchObject({
      name: 'Acme',
      tokens: { kept: 'yes', apiKey: '[redacted]' },
    });
    expect(parsed.msg).toBe('with secrets');
  });

  it('blanks credential headers of requests and responses, wherever the headers sit', () => {
    const { logger, output } = capture();
    const headers = {
      authorization: 'Bearer leak-authorization',
      cookie: 'sid=leak-cookie',
      'set-cookie': ['sid=leak-set-cookie'],
      'x-csrf-token': 'leak-csrf',
      'x-api-key': 'leak-x-api-key',
      'proxy-authorization': 'Basic leak-proxy',
      accept: 'application/json',
    };
    logger.info({ headers }, 'top');
    logger.info({ req: { headers }, res: { headers } }, 'request');
    logger.warn({ error: { response: { headers } } }, 'vendor answered');

    expect(output).toHaveLength(3);
    for (const line of output) {
      expect(line).not.toContain('leak-');
      expect(line).toContain('"accept":"application/json"');
    }
    expect(JSON.parse(output[1]!)).toMatchObject({
      req: { headers: { authorization: '[redacted]', 'x-csrf-token': '[redacted]' } },
    });
  });

  it('blanks the same fields in child loggers and in the bindings they carry', () => {
    const { logger, output } = capture();
    const child = logger.child({ account: { apiKey: 'leak-binding' } });
    child.info({ oauth: { refresh_token: 'leak-child' } }, 'refreshed');

    expect(output.join('\n')).not.toContain('leak-');
  });

  it('keeps what is not a credential', () => {
    const { logger, output } = capture();
    logger.info({ email: 'ada@example.com', status: 401, account: { id: 'a1' } }, 'plain');

    expect(JSON.parse(output[0]!)).toMatchObject({
      email: 'ada@example.com',
      status: 401,
      account: { id: 'a1' },
    });
  });
});

describe('error lines', () => {
  it('keep the error code as errorCode, out of reach of the code redaction', () => {
    const { logger, output } = capture();
    logger.error(
      { err: Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' }) },
      'x',
    );

    expect(JSON.parse(output[0]!)).toMatchObject({
      err: { type: 'Error', message: 'connect failed', errorCode: 'ECONNREFUSED' },
    });
    expect(JSON.parse(output[0]!).err).not.toHaveProperty('code');
  });
});

describe('log format', () => {
  function prettyCapture() {
    const output: string[] = [];
    const logger = createLogger({
      level: 'info',
      format: 'pretty',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          output.push(chunk.toString());
          done();
        },
      }),
    });
    // pino-pretty pipes its lines on: they arrive a turn later.
    const written = () => new Promise((resolve) => setImmediate(resolve));
    return { logger, output, written };
  }

  it('pretty: one readable line per event with its time, level, request id and fields', async () => {
    const { logger, output, written } = prettyCapture();
    logger.child({ reqId: 'req-42' }).info({ status: 200, durationMs: 12 }, 'request finished');
    await written();
    const lines = output.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[req-42\] request finished \{.*"status":200.*"durationMs":12.*\}$/,
    );
    expect(lines[0]).not.toContain('"service"');
  });

  it('pretty: credentials are blanked as in JSON', async () => {
    const { logger, output, written } = prettyCapture();
    logger.info({ account: { apiKey: 'leak-pretty-key' } }, 'connected');
    await written();
    expect(output.join('')).not.toContain('leak-pretty-key');
    expect(output.join('')).toContain('[redacted]');
  });

  it('json (the default): one JSON object per line', () => {
    const { logger, output } = capture();
    logger.child({ reqId: 'req-7' }).info('request finished');
    expect(JSON.parse(output[0] ?? '')).toMatchObject({
      level: 'info',
      service: 'sync-service',
      reqId: 'req-7',
      msg: 'request finished',
    });
  });
});
