// The real app against a sandbox of its own (simulated HubSpot, Salesforce and platforms):
// every CRM and platform URL of the app points at the sandbox, and stop() stops both.
import {
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  SMARTLEAD_DEMO_API_KEY,
  startSandbox,
  type RunningSandbox,
} from '@outsync/sandbox';
import type { Types } from 'mongoose';
import { buildApiKey } from './account-factories';
import { buildProfile, sandboxEnv } from './profile-factories';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';
import type { TestClient } from './test-client';

export type SandboxTestApp = TestApp & { sandbox: RunningSandbox };

export type SandboxTestAppOptions = TestAppOptions & {
  /** The sandbox's address; all interfaces when omitted (so `localhost` works too). */
  sandboxHost?: string;
};

/** The app's environment for a sandbox at `url`: HubSpot's OAuth and API, the platforms' APIs. */
export function sandboxAppEnv(url: string): Record<string, string> {
  return {
    ...sandboxEnv(url),
    SMARTLEAD_API_URL: `${url}/smartlead`,
    INSTANTLY_API_URL: `${url}/instantly`,
    HEYREACH_API_URL: `${url}/heyreach`,
  };
}

/** Starts a sandbox on a free port, then the test app against it (`options.env` on top). */
export async function startSandboxTestApp(
  options: SandboxTestAppOptions = {},
): Promise<SandboxTestApp> {
  const { sandboxHost, ...appOptions } = options;
  const sandbox = await startSandbox({
    port: 0,
    smtpPort: 0,
    ...(sandboxHost ? { host: sandboxHost } : {}),
  });
  try {
    const app = await startTestApp({
      ...appOptions,
      env: { ...sandboxAppEnv(sandbox.url), ...appOptions.env },
    });
    return {
      ...app,
      sandbox,
      async stop() {
        await app.stop();
        await sandbox.stop();
      },
    };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}

/**
 * A paid customer signed in as `email`, owning a profile connected to the sandbox's demo HubSpot
 * portal with its never-expiring private-app token: what the sandbox sync tests write through.
 */
export async function demoPortalOwner(
  app: TestApp,
  email: string,
): Promise<{ client: TestClient; ownerId: Types.ObjectId; profileId: Types.ObjectId }> {
  const client = await app.signIn({ email, isPaidTier: true });
  const owner = await app.models.users.findOne({ email }).lean();
  if (!owner) throw new Error('owner missing');
  const profile = await buildProfile(app.db, {
    ownerId: owner._id,
    organizationId: String(HUBSPOT_DEMO_HUB_ID),
    connection: { accessToken: HUBSPOT_DEMO_PRIVATE_APP_TOKEN, refreshToken: 'unused' },
    secrets: app.secrets,
  });
  return { client, ownerId: owner._id, profileId: profile._id };
}

/**
 * The sandbox's demo Smartlead key on `profileId` (its id): what a category-filtered webhook
 * asks a lead's category with (the sandbox's Smartlead knows no test lead, so it holds them).
 */
export async function sandboxSmartleadKey(
  app: TestApp,
  profileId: Types.ObjectId,
): Promise<string> {
  const key = await buildApiKey(app.db, app.secrets, {
    userProfileId: profileId,
    platform: 'smartlead',
    description: 'Sandbox Smartlead',
    apiKey: SMARTLEAD_DEMO_API_KEY,
  });
  return key._id.toString();
}
