// Test data, inserted straight into the database: each factory takes the Database and the
// fields a test cares about, fills in the rest with unique values, and returns the document.
import { userModel, type UserDoc } from '../features/users';
import type { Database } from '../platform/db';

let sequence = 0;

/** A number unique within the test file (each file has its own database). */
export function nextId(): number {
  sequence += 1;
  return sequence;
}

/** A user with a unique e-mail (`user-<n>@outsync.test`), a customer (no role) unless told. */
export async function buildUser(db: Database, overrides: Partial<UserDoc> = {}): Promise<UserDoc> {
  const doc = await userModel(db.connection).create({
    email: `user-${nextId()}@outsync.test`,
    role: null,
    isPaidTier: false,
    createdAt: new Date(),
    lastSignInAt: null,
    ...overrides,
  });
  return doc.toObject();
}

// Module factories go below, one per entity, named build<Entity>(db, overrides): profiles
// (with a CRM connection whose tokens are sealed with the test app's SecretBox), API keys,
// webhooks, lead categories, user accounts, block lists, events.
