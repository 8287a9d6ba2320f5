// Data factories for API keys and webhook endpoints ("user accounts"), written straight into
// the database the test app uses, sealed as the service seals them.
import { randomBytes } from 'node:crypto';
import type { Platform } from '@outsync/contracts';
import type { Connection, Types } from 'mongoose';
import { apiKeyModel, type ApiKeyDoc } from '../features/api-keys';
import { userAccountModel, type UserAccountDoc } from '../features/user-accounts';

type Db = Connection | { connection: Connection };
type Sealer = { seal(plain: string): string };

function connectionOf(db: Db): Connection {
  return 'connection' in db && !('model' in db) ? db.connection : (db as Connection);
}

export type BuildApiKeyOptions = {
  userProfileId: Types.ObjectId | string;
  platform?: Platform;
  /** The key in clear; sealed before it is stored. */
  apiKey?: string;
  description?: string;
  baseUrl?: string | null;
  isValid?: boolean;
  createdAt?: Date;
};

/** Stores an API key (sealed) on a profile and returns its document. */
export async function buildApiKey(
  db: Db,
  secrets: Sealer,
  options: BuildApiKeyOptions,
): Promise<ApiKeyDoc> {
  const platform = options.platform ?? 'smartlead';
  const now = options.createdAt ?? new Date();
  const doc = await apiKeyModel(connectionOf(db)).create({
    userProfileId: options.userProfileId,
    platform,
    description: options.description ?? `${platform} key`,
    apiKeySealed: secrets.seal(options.apiKey ?? `test-key-${randomBytes(6).toString('hex')}`),
    baseUrl: options.baseUrl ?? (platform === 'bison' ? 'https://bison.example.com' : null),
    isValid: options.isValid ?? true,
    checkedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return doc.toObject<ApiKeyDoc>();
}

export type BuildUserAccountOptions = {
  userProfileId: Types.ObjectId | string;
  url?: string;
  description?: string;
  /** Sealed signing secret; a placeholder unless a test needs a real one. */
  signingSecretSealed?: string;
  syncAlerts?: boolean;
  createdAt?: Date;
};

/** Stores a webhook endpoint on a profile (without calling its URL) and returns its document. */
export async function buildUserAccount(
  db: Db,
  options: BuildUserAccountOptions,
): Promise<UserAccountDoc> {
  const now = options.createdAt ?? new Date();
  const doc = await userAccountModel(connectionOf(db)).create({
    userProfileId: options.userProfileId,
    url: options.url ?? 'https://hooks.example.com/outsync',
    description: options.description ?? 'Endpoint',
    signingSecretSealed: options.signingSecretSealed ?? 'not-a-real-sealed-secret',
    validatedAt: now,
    syncAlerts: options.syncAlerts ?? false,
    createdAt: now,
  });
  return doc.toObject<UserAccountDoc>();
}
