// One benchmark of `npm run bench` (bench/all.ts) in a process of its own: imports the module,
// calls its exported run function with the options given as JSON, and sends the figures back
// over the IPC channel. The benchmark's own report goes to this process's stdout (the run's log).
//
//   node --import tsx bench/all-worker.ts <module file> <export name> <options as JSON>
import { pathToFileURL } from 'node:url';

const [file, exportName, json] = process.argv.slice(2);
if (!file || !exportName || !process.send) {
  console.error('all-worker: started by bench/all.ts, with <module> <export> <options>');
  process.exit(2);
}
const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
const run = module[exportName];
if (typeof run !== 'function') {
  console.error(`all-worker: ${file} exports no function ${exportName}`);
  process.exit(2);
}
try {
  const figures: unknown = await (run as (options: unknown) => Promise<unknown>)(
    JSON.parse(json ?? '{}'),
  );
  // Exits once the figures are sent: a benchmark's leftover timer must not hold the run.
  process.send({ figures }, () => process.exit(0));
} catch (error) {
  console.error(error);
  process.send({ error: error instanceof Error ? error.message : String(error) }, () =>
    process.exit(1),
  );
}
