import { parseArgs } from 'node:util';
import {
  DEMO_API_KEYS,
  DEMO_OAUTH_CLIENTS,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
} from './demo-constants.ts';
import { startSandbox } from './index.ts';

// npx tsx tools/sandbox/src/cli.ts --port 4100 --smtp-port 2525 [--host 127.0.0.1] [--no-seed]
//   [--no-rate-limits] (or SANDBOX_RATE_LIMITS=off)
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'smtp-port': { type: 'string' },
    host: { type: 'string' },
    'public-url': { type: 'string' },
    'no-seed': { type: 'boolean' },
    'hubspot-rate-limit': { type: 'string' },
    'no-rate-limits': { type: 'boolean' },
  },
});

const port = Number(values.port ?? process.env.SANDBOX_PORT ?? 4100);
const smtpPort = Number(values['smtp-port'] ?? process.env.SANDBOX_SMTP_PORT ?? 2525);
const rateLimit = values['hubspot-rate-limit'] ?? process.env.SANDBOX_HUBSPOT_RATE_LIMIT;

const sandbox = await startSandbox({
  port,
  smtpPort,
  host: values.host ?? process.env.SANDBOX_HOST,
  publicUrl: values['public-url'] ?? process.env.SANDBOX_PUBLIC_URL,
  seed: !values['no-seed'],
  rateLimits: !values['no-rate-limits'] && process.env.SANDBOX_RATE_LIMITS !== 'off',
  ...(rateLimit === undefined
    ? {}
    : { hubspotRateLimit: Number(rateLimit) > 0 ? Number(rateLimit) : null }),
});

console.log(`OutSync sandbox listening on ${sandbox.url} (SMTP on port ${sandbox.smtpPort})`);
console.log(
  `  HubSpot API ${sandbox.url}/hubspot · Salesforce login ${sandbox.url}/salesforce (API at ${sandbox.url}/salesforce-instance/demo) · mailbox ${sandbox.url}/mailbox · admin ${sandbox.url}/_sandbox`,
);
console.log(`  OAuth clients ${JSON.stringify(DEMO_OAUTH_CLIENTS)}`);
console.log(
  `  API keys ${JSON.stringify(DEMO_API_KEYS)} · HubSpot private app token ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.stop().then(() => process.exit(0));
  });
}
