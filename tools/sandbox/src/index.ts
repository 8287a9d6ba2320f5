import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { startSmtpMailbox } from './mailbox/smtp-mailbox.ts';
import { SandboxState } from './sandbox-state.ts';

export * from './demo-constants.ts';
export { authorizeInSandbox, type AuthorizeChoices } from './oauth-driver.ts';
export { DEFAULT_RATE_LIMITS } from './controls/faults.ts';

export interface SandboxOptions {
  /** HTTP port; 0 picks a free one. Default 4100. */
  port?: number;
  /** SMTP port; 0 picks a free one. Default 2525. */
  smtpPort?: number;
  /** Interface to listen on; default all interfaces (IPv4 and IPv6). */
  host?: string;
  /** Load the demo org, accounts and data on start. Default true. */
  seed?: boolean;
  /** The URL browsers and the product use to reach the sandbox (for instance_url and links). */
  publicUrl?: string;
  /** HubSpot requests per rolling 10 s; null switches the limit off. Default 190. */
  hubspotRateLimit?: number | null;
  /**
   * Every vendor's default rate limit (HubSpot, Smartlead, Instantly, bison, HeyReach); false
   * switches them all off (benchmarks). Default true. `/_faults` changes them at run time.
   */
  rateLimits?: boolean;
}

export interface RunningSandbox {
  url: string;
  smtpPort: number;
  stop(): Promise<void>;
}

/** Starts the HTTP sandbox and its SMTP mailbox; `stop()` closes both. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const state = new SandboxState({
    hubspotRateLimit: options.hubspotRateLimit,
    rateLimits: options.rateLimits,
  });
  if (options.seed !== false) state.seed();
  const server = createServer(createApp(state).callback());
  server.keepAliveTimeout = 65_000;
  const port = await listen(server, options.port ?? 4100, options.host);
  const smtp = await startSmtpMailbox(state.mailbox, options.smtpPort ?? 2525, options.host).catch(
    async (error: unknown) => {
      await closeServer(server);
      throw error;
    },
  );
  state.publicUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');
  state.smtpPort = smtp.port;
  return {
    url: state.publicUrl,
    smtpPort: smtp.port,
    async stop() {
      await Promise.all([closeServer(server), smtp.stop()]);
    },
  };
}

function listen(server: Server, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
