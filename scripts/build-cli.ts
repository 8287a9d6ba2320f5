import { buildApps } from './build.ts';

buildApps({ force: process.argv.includes('--force'), log: console.log }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
