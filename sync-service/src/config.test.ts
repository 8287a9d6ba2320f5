import { ConfigError, loadConfig } from './config';

const MONGODB_URI = 'mongodb://127.0.0.1:27017/outsync';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({ MONGODB_URI })).toEqual({
      port: 4000,
      host: '127.0.0.1',
      mongodbUri: MONGODB_URI,
      logLevel: 'info',
      role: 'all',
      publicUrl: 'http://localhost:3000',
      shutdownTimeoutMs: 10000,
      nodeEnv: 'development',
      trustProxy: false,
      authSecret: undefined,
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'OutSync <sign-in@outsync.local>',
      adminEmails: [],
      paidTierEmails: [],
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        MONGODB_URI: 'mongodb+srv://user:pw@cluster.example.net/outsync',
        PORT: '8080',
        HOST: '0.0.0.0',
        LOG_LEVEL: 'warn',
        ROLE: 'worker',
        PUBLIC_URL: 'https://outsync.example.com/',
        SHUTDOWN_TIMEOUT_MS: '2500',
        NODE_ENV: 'production',
        TRUST_PROXY: 'true',
        AUTH_SECRET: 'k'.repeat(40),
        SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
        MAIL_FROM: 'OutSync <no-reply@example.com>',
        ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,',
        PAID_TIER_EMAILS: 'carol@example.com,@Paying.example',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      mongodbUri: 'mongodb+srv://user:pw@cluster.example.net/outsync',
      logLevel: 'warn',
      role: 'worker',
      publicUrl: 'https://outsync.example.com',
      shutdownTimeoutMs: 2500,
      nodeEnv: 'production',
      trustProxy: true,
      authSecret: 'k'.repeat(40),
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      mailFrom: 'OutSync <no-reply@example.com>',
      adminEmails: ['ada@example.com', 'bob@example.com'],
      paidTierEmails: ['carol@example.com', '@paying.example'],
    });
  });

  it('names every missing or bad variable in one error', () => {
    const env = {
      PORT: '70000',
      LOG_LEVEL: 'loud',
      ROLE: 'both',
      PUBLIC_URL: 'ftp://files',
      SHUTDOWN_TIMEOUT_MS: 'soon',
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
      ].join('\n'),
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
      ].join('\n'),
    );
    expect(() => loadConfig({ MONGODB_URI, AUTH_SECRET: 'short' })).toThrow(
      '- AUTH_SECRET: expected at least 32 characters',
    );
  });

  it('accepts port 0 for a free port', () => {
    expect(loadConfig({ MONGODB_URI, PORT: '0' }).port).toBe(0);
  });
});
