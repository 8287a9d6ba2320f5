import { ConfigError, loadConfig } from './config';

const MONGODB_URI = 'mongodb://127.0.0.1:27017/outsync';
const SECRETS_KEY = Buffer.alloc(32, 42);

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({ MONGODB_URI })).toEqual({
      port: 4000,
      host: '127.0.0.1',
      metrics: { port: undefined, host: '127.0.0.1' },
      mongodbUri: MONGODB_URI,
      logLevel: 'info',
      logFormat: 'pretty',
      role: 'all',
      publicUrl: 'http://localhost:3000',
      shutdownTimeoutMs: 10000,
      jobPollIntervalMs: 500,
      nodeEnv: 'development',
      trustProxy: false,
      crmBudgetShare: 0.9,
      blockLists: { intervalMs: 3_600_000, sweepIntervalMs: 30_000, leaseMs: 300_000 },
      sync: {
        maxAttempts: 9,
        leaseMs: 15_000,
        batchWindowMs: 50,
        maxBatch: 200,
        sweepIntervalMs: 5_000,
        retentionDays: 90,
      },
      authSecret: undefined,
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'OutSync <sign-in@outsync.local>',
      adminEmails: [],
      paidTierEmails: [],
      secretsKey: undefined,
      outboundAllowHosts: [],
      hubspot: {
        clientId: undefined,
        clientSecret: undefined,
        authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
        apiUrl: 'https://api.hubapi.com',
      },
      salesforce: { apiVersion: 'v62.0' },
      platforms: {
        smartleadUrl: 'https://server.smartlead.ai',
        instantlyUrl: 'https://api.instantly.ai',
        heyreachUrl: 'https://api.heyreach.io',
        readPacing: true,
      },
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        MONGODB_URI: 'mongodb+srv://user:pw@cluster.example.net/outsync',
        PORT: '8080',
        HOST: '0.0.0.0',
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.5',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'pretty',
        ROLE: 'worker',
        PUBLIC_URL: 'https://outsync.example.com/',
        SHUTDOWN_TIMEOUT_MS: '2500',
        SYNC_MAX_ATTEMPTS: '3',
        SYNC_RETRY_SCHEDULE: '10s, 1m,500ms,2h',
        SYNC_LEASE_MS: '30000',
        SYNC_BATCH_WINDOW_MS: '0',
        SYNC_MAX_BATCH: '50',
        CRM_BUDGET_SHARE: '0.45',
        PLATFORM_READ_PACING: 'off',
        SYNC_SWEEP_INTERVAL_MS: '5000',
        JOB_POLL_INTERVAL_MS: '60000',
        BLOCK_LIST_INTERVAL_MS: '86400000',
        BLOCK_LIST_SWEEP_INTERVAL_MS: '10000',
        BLOCK_LIST_LEASE_MS: '60000',
        WEBHOOK_LOG_RETENTION_DAYS: '30',
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
        AUTH_SECRET: 'k'.repeat(40),
        SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
        MAIL_FROM: 'OutSync <no-reply@example.com>',
        ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,',
        PAID_TIER_EMAILS: 'carol@example.com,@Paying.example',
        SECRETS_KEY: SECRETS_KEY.toString('base64'),
        OUTBOUND_ALLOW_HOSTS: ' 127.0.0.1:4100, LocalHost:4100 ,sandbox.internal,[::1]:4100,',
        HUBSPOT_CLIENT_ID: 'client-id',
        HUBSPOT_CLIENT_SECRET: 'client-secret',
        HUBSPOT_AUTHORIZE_URL: 'http://127.0.0.1:4100/hubspot/oauth/authorize/',
        HUBSPOT_API_URL: 'http://127.0.0.1:4100/hubspot//',
        SALESFORCE_API_VERSION: 'v61.0',
        SMARTLEAD_API_URL: 'http://127.0.0.1:4100/smartlead/',
        INSTANTLY_API_URL: 'http://127.0.0.1:4100/instantly',
        HEYREACH_API_URL: 'https://heyreach.example/api/',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      metrics: { port: 9464, host: '10.0.0.5' },
      mongodbUri: 'mongodb+srv://user:pw@cluster.example.net/outsync',
      logLevel: 'warn',
      logFormat: 'pretty',
      role: 'worker',
      publicUrl: 'https://outsync.example.com',
      shutdownTimeoutMs: 2500,
      jobPollIntervalMs: 60_000,
      nodeEnv: 'production',
      trustProxy: true,
      crmBudgetShare: 0.45,
      blockLists: { intervalMs: 86_400_000, sweepIntervalMs: 10_000, leaseMs: 60_000 },
      sync: {
        maxAttempts: 3,
        retryScheduleMs: [10_000, 60_000, 500, 7_200_000],
        leaseMs: 30_000,
        batchWindowMs: 0,
        maxBatch: 50,
        sweepIntervalMs: 5_000,
        retentionDays: 30,
      },
      authSecret: 'k'.repeat(40),
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      mailFrom: 'OutSync <no-reply@example.com>',
      adminEmails: ['ada@example.com', 'bob@example.com'],
      paidTierEmails: ['carol@example.com', '@paying.example'],
      secretsKey: SECRETS_KEY,
      outboundAllowHosts: ['127.0.0.1:4100', 'localhost:4100', 'sandbox.internal', '[::1]:4100'],
      hubspot: {
        clientId: 'client-id',
        clientSecret: 'client-secret',
        authorizeUrl: 'http://127.0.0.1:4100/hubspot/oauth/authorize',
        apiUrl: 'http://127.0.0.1:4100/hubspot',
      },
      salesforce: { apiVersion: 'v61.0' },
      platforms: {
        smartleadUrl: 'http://127.0.0.1:4100/smartlead',
        instantlyUrl: 'http://127.0.0.1:4100/instantly',
        heyreachUrl: 'https://heyreach.example/api',
        readPacing: false,
      },
    });
  });

  it('names every missing or bad variable in one error', () => {
    const env = {
      PORT: '70000',
      LOG_LEVEL: 'loud',
      ROLE: 'both',
      PUBLIC_URL: 'ftp://files',
      SHUTDOWN_TIMEOUT_MS: 'soon',
      SYNC_RETRY_SCHEDULE: '10s,3d',
      PLATFORM_READ_PACING: 'maybe',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      [
        'Invalid configuration:',
        '- PORT: expected a number between 1 and 65535, or 0 for any free port',
        '- MONGODB_URI: required',
        '- LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
        '- ROLE: expected one of api, worker, all',
        '- PUBLIC_URL: expected an http(s) URL',
        '- SHUTDOWN_TIMEOUT_MS: expected a number of milliseconds between 0 and 600000',
        '- SYNC_RETRY_SCHEDULE: expected waits like 10s,1m,5m,2h (ms, s, m or h; each 100ms to 48h)',
        '- PLATFORM_READ_PACING: expected on or off',
      ].join('\n'),
    );
  });

  it('logs one readable line per event on a laptop, JSON in production or when asked', () => {
    expect(loadConfig({ MONGODB_URI }).logFormat).toBe('pretty');
    expect(loadConfig({ MONGODB_URI, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(
      loadConfig({
        MONGODB_URI,
        NODE_ENV: 'production',
        AUTH_SECRET: 'a'.repeat(32),
        SECRETS_KEY: SECRETS_KEY.toString('base64'),
      }).logFormat,
    ).toBe('json');
    expect(() => loadConfig({ MONGODB_URI, LOG_FORMAT: 'yaml' })).toThrow(
      '- LOG_FORMAT: expected json or pretty',
    );
  });

  it('rejects a MongoDB URI of another scheme', () => {
    expect(() => loadConfig({ MONGODB_URI: 'postgres://localhost/outsync' })).toThrow(
      '- MONGODB_URI: expected a mongodb:// or mongodb+srv:// URI',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ MONGODB_URI, PORT: '', ROLE: ' ' })).toMatchObject({
      port: 4000,
      role: 'all',
    });
    expect(() => loadConfig({ MONGODB_URI: '' })).toThrow('- MONGODB_URI: required');
  });

  it('lets --role override ROLE', () => {
    expect(loadConfig({ MONGODB_URI, ROLE: 'all' }, ['--role=api']).role).toBe('api');
    expect(loadConfig({ MONGODB_URI }, ['--role', 'worker']).role).toBe('worker');
  });

  it('names the flag when --role is bad', () => {
    expect(() => loadConfig({ MONGODB_URI }, ['--role=everything'])).toThrow(
      'Invalid configuration:\n- --role: expected one of api, worker, all',
    );
  });

  it('names the sign-in variables that are bad', () => {
    expect(() =>
      loadConfig({
        MONGODB_URI,
        NODE_ENV: 'production',
        TRUST_PROXY: 'yes',
        SMTP_URL: 'http://mail',
        ADMIN_EMAILS: 'ada@example.com,@example.com',
        PAID_TIER_EMAILS: 'paying.example',
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        '- TRUST_PROXY: expected true or false',
        '- SMTP_URL: expected an smtp:// or smtps:// URL',
        '- ADMIN_EMAILS: expected a comma-separated list of e-mail addresses; "@example.com" is not one',
        '- PAID_TIER_EMAILS: expected a comma-separated list of e-mail addresses or @domain entries; "paying.example" is not one',
        '- AUTH_SECRET: required when NODE_ENV=production',
        '- SECRETS_KEY: required when NODE_ENV=production',
      ].join('\n'),
    );
    expect(() => loadConfig({ MONGODB_URI, AUTH_SECRET: 'short' })).toThrow(
      '- AUTH_SECRET: expected at least 32 characters',
    );
  });

  it('reads SECRETS_KEY as 32 bytes of base64 or base64url, and never repeats a bad one', () => {
    expect(
      loadConfig({ MONGODB_URI, SECRETS_KEY: SECRETS_KEY.toString('base64url') }).secretsKey,
    ).toEqual(SECRETS_KEY);
    const short = Buffer.alloc(16, 9).toString('base64');
    let message = '';
    try {
      loadConfig({ MONGODB_URI, SECRETS_KEY: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid configuration:\n- SECRETS_KEY: expected 32 random bytes in base64 or base64url (e.g. `openssl rand -base64 32`)',
    );
    expect(message).not.toContain(short);
  });

  it('requires AUTH_SECRET and SECRETS_KEY in production only', () => {
    const secrets = { AUTH_SECRET: 'k'.repeat(40), SECRETS_KEY: SECRETS_KEY.toString('base64') };
    expect(loadConfig({ MONGODB_URI, NODE_ENV: 'production', ...secrets }).secretsKey).toEqual(
      SECRETS_KEY,
    );
    expect(() =>
      loadConfig({ MONGODB_URI, NODE_ENV: 'production', AUTH_SECRET: secrets.AUTH_SECRET }),
    ).toThrow('Invalid configuration:\n- SECRETS_KEY: required when NODE_ENV=production');
    expect(loadConfig({ MONGODB_URI, NODE_ENV: 'test' }).secretsKey).toBeUndefined();
  });

  it('names the outbound and connector variables that are bad', () => {
    expect(() =>
      loadConfig({
        MONGODB_URI,
        OUTBOUND_ALLOW_HOSTS: 'localhost:4100,http://127.0.0.1:4100',
        HUBSPOT_AUTHORIZE_URL: 'app.hubspot.com/oauth',
        HUBSPOT_API_URL: 'ftp://api.hubapi.com',
        SALESFORCE_API_VERSION: '62',
        SMARTLEAD_API_URL: 'smartlead',
        INSTANTLY_API_URL: 'file:///tmp/x',
        HEYREACH_API_URL: 'heyreach',
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        '- OUTBOUND_ALLOW_HOSTS: expected a comma-separated list of host or host:port entries; "http://127.0.0.1:4100" is not one',
        '- HUBSPOT_AUTHORIZE_URL: expected an http(s) URL',
        '- HUBSPOT_API_URL: expected an http(s) URL',
        '- SALESFORCE_API_VERSION: expected an API version like v62.0',
        '- SMARTLEAD_API_URL: expected an http(s) URL',
        '- INSTANTLY_API_URL: expected an http(s) URL',
        '- HEYREACH_API_URL: expected an http(s) URL',
      ].join('\n'),
    );
  });

  it('accepts port 0 for a free port', () => {
    expect(loadConfig({ MONGODB_URI, PORT: '0' }).port).toBe(0);
  });

  describe('METRICS_PORT (issue 33: /metrics on a port of its own)', () => {
    it('starts no metrics server unless set', () => {
      expect(loadConfig({ MONGODB_URI, METRICS_PORT: '' }).metrics).toEqual({
        port: undefined,
        host: '127.0.0.1',
      });
    });

    it('listens on HOST unless METRICS_HOST says otherwise', () => {
      expect(loadConfig({ MONGODB_URI, HOST: '0.0.0.0', METRICS_PORT: '9464' }).metrics).toEqual({
        port: 9464,
        host: '0.0.0.0',
      });
      expect(
        loadConfig({
          MONGODB_URI,
          HOST: '0.0.0.0',
          METRICS_PORT: '9464',
          METRICS_HOST: '127.0.0.1',
        }).metrics,
      ).toEqual({ port: 9464, host: '127.0.0.1' });
    });

    it('accepts 0 for any free port, beside PORT=0', () => {
      expect(loadConfig({ MONGODB_URI, PORT: '0', METRICS_PORT: '0' }).metrics.port).toBe(0);
    });

    it.each(['http', '-1', '65536', '94.5'])(
      'refuses METRICS_PORT=%s with a clear message',
      (value) => {
        expect(() => loadConfig({ MONGODB_URI, METRICS_PORT: value })).toThrow(
          new ConfigError([
            'METRICS_PORT: expected a port between 1 and 65535 (0 for any free port), apart from PORT; unset: no /metrics',
          ]),
        );
      },
    );

    it('refuses the API port: /metrics must not be reachable through the API', () => {
      expect(() => loadConfig({ MONGODB_URI, PORT: '4000', METRICS_PORT: '4000' })).toThrow(
        new ConfigError([
          'METRICS_PORT: must differ from PORT (4000): /metrics is served on a port of its own, apart from the API',
        ]),
      );
      expect(() => loadConfig({ MONGODB_URI, METRICS_PORT: '4000' })).toThrow(ConfigError);
    });
  });
});
