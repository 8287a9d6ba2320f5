// `npm start` (built apps on static servers) and `npm run dev` (dev servers with hot reload):
// the whole product on the embedded database and the sandbox. Ctrl-C stops every part.
import { DEMO_API_KEYS, HUBSPOT_DEMO_PRIVATE_APP_TOKEN } from '@outsync/sandbox';
import { DEMO_ADMIN_EMAIL, startProduct, type RunningProduct } from './product.ts';
import { hubspotInspectionUrl } from './demo-workspace.ts';

const watch = process.argv.includes('--dev');
const log = (line: string) => console.log(`[outsync] ${line}`);

let product: RunningProduct | undefined;
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping…`);
  await product?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  product = await startProduct({ watch, log });
  const lines = [
    '',
    `  OutSync is running${watch ? ' in development mode' : ''} on Node.js ${process.version}.`,
    '',
    `  Open ${product.shellUrl}`,
    '',
    ...Object.entries(product.appUrls).map(([app, url]) => `    ${app.padEnd(14)} ${url}`),
    product.serviceUrl ? `    ${'sync-service'.padEnd(14)} ${product.serviceUrl}` : '',
    product.sandboxUrl ? `    ${'sandbox'.padEnd(14)} ${product.sandboxUrl}` : '',
    product.mongoUri ? `    ${'MongoDB'.padEnd(14)} ${product.mongoUri}` : '',
    product.partnerDemoUrl
      ? `    ${'partner demo'.padEnd(14)} ${product.partnerDemoUrl} (a partner's portal embedding the webhooks module)`
      : '',
    '',
    ...(product.sandboxUrl
      ? [
          `  Sign in as ${DEMO_ADMIN_EMAIL} (admin, paid tier) or any other e-mail (free plan);`,
          `  the codes arrive in the sandbox mailbox: ${product.sandboxUrl}/mailbox`,
          '  Demo platform API keys:',
          ...Object.entries(DEMO_API_KEYS).map(
            ([platform, key]) => `    ${platform.padEnd(14)} ${key}`,
          ),
          `  HubSpot demo private-app token: ${HUBSPOT_DEMO_PRIVATE_APP_TOKEN}`,
          `  The demo's live Smartlead campaign syncs into the sandbox's HubSpot: ${hubspotInspectionUrl(product.sandboxUrl)}`,
          '',
        ]
      : []),
    '  Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n'));
} catch (error) {
  console.error(
    `[outsync] could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  await product?.stop();
  process.exit(1);
}
