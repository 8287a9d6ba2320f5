// CLI entry: `tsx src/main.ts [--role=api|worker|all]`. Configuration comes from the environment.
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './platform/logger';
import { startService } from './service';

function readConfig(): Config {
  try {
    return loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({
    level: config.logLevel,
    format: config.logFormat,
    base: { role: config.role },
  });

  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });

  const service = await startService(config, { logger });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A signal can arrive twice (sent to the process group and relayed by tsx or npm):
    // the shutdown under way is already bounded by SHUTDOWN_TIMEOUT_MS.
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

void main();
