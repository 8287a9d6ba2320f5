// Throughput of the sandbox's HubSpot batch endpoints, so the simulator is never the bottleneck
// of a product benchmark. Starts the sandbox CLI in its own process (rate limit off), drives
// batch upsert / read / update with concurrent keep-alive clients, and prints requests/s.
//
//   npx tsx bench/sandbox-hubspot.ts [--seconds 10] [--concurrency 16] [--batch 10]
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    batch: { type: 'string', default: '10' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const batchSize = Number(values.batch);
const TOKEN = 'pat-sandbox-outsync-demo-token';
const TARGET = 2000;

const cli = fileURLToPath(new URL('../tools/sandbox/src/cli.ts', import.meta.url));
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function startSandbox(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      cli,
      '--port',
      '0',
      '--smtp-port',
      '0',
      '--host',
      '127.0.0.1',
      '--hubspot-rate-limit',
      '0',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: new URL(match[1].replace('localhost', '127.0.0.1')) });
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited early (${String(code)})`)));
  });
}

function post(url: URL, path: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Upserts, reads and updates the same pool of contacts, as a sync worker would. */
function nextCall(sequence: number): { path: string; body: unknown } {
  const emails = Array.from(
    { length: batchSize },
    (_unused, index) => `bench-${(sequence * batchSize + index) % 5000}@bench.example`,
  );
  switch (sequence % 3) {
    case 0:
      return {
        path: '/hubspot/crm/v3/objects/contacts/batch/upsert',
        body: {
          inputs: emails.map((email) => ({
            idProperty: 'email',
            id: email,
            properties: { firstname: 'Bench', lastname: String(sequence) },
          })),
        },
      };
    case 1:
      return {
        path: '/hubspot/crm/v3/objects/contacts/batch/read',
        body: {
          idProperty: 'email',
          inputs: emails.map((id) => ({ id })),
          properties: ['email', 'firstname'],
          propertiesWithHistory: [],
        },
      };
    default:
      return {
        path: '/hubspot/crm/v3/objects/contacts/batch/update',
        body: {
          inputs: emails.map((id) => ({
            id,
            idProperty: 'email',
            properties: { jobtitle: `Title ${sequence}` },
          })),
        },
      };
  }
}

async function run(url: URL, durationMs: number): Promise<{ completed: number; failed: number }> {
  let sequence = 0;
  let completed = 0;
  let failed = 0;
  const deadline = Date.now() + durationMs;
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const call = nextCall(sequence++);
      const status = await post(url, call.path, call.body);
      if (status === 200 || status === 201 || status === 207) completed++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { completed, failed };
}

const { child, url } = await startSandbox();
try {
  await run(url, 1000); // warm up the JIT and the contact pool
  const started = Date.now();
  const { completed, failed } = await run(url, seconds * 1000);
  const rate = completed / ((Date.now() - started) / 1000);
  console.log(
    `sandbox HubSpot batch endpoints: ${rate.toFixed(0)} requests/s (${(rate * batchSize).toFixed(0)} records/s) — ${completed} ok, ${failed} failed, batch ${batchSize}, concurrency ${concurrency}, ${seconds}s`,
  );
  console.log(
    rate >= TARGET ? `PASS: >= ${TARGET} requests/s` : `BELOW TARGET: < ${TARGET} requests/s`,
  );
  process.exitCode = rate >= TARGET && failed === 0 ? 0 : 1;
} finally {
  agent.destroy();
  child.kill('SIGTERM');
}
