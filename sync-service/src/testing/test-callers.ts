import type { MeResponse, Role } from '@outsync/contracts';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

/** A signed-in browser of a test, with the id and e-mail the service knows it by. */
export type Caller = { client: TestClient; id: string; email: string };

/** Signs `email` in on `app` (with `role`, or as a customer) and reads its id from /me. */
export async function signInCaller(app: TestApp, email: string, role?: Role): Promise<Caller> {
  const client = await app.signIn({ email, role: role ?? null });
  const me = (await client.get<MeResponse>('/api/admin/me')).body;
  return { client, id: me.id, email };
}
