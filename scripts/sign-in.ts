// Signing in as a user would, but without the screens (for journeys about something else):
// the same calls the login and verify screens make, with the code read from the sandbox mailbox.
import type { BrowserContext } from 'playwright-core';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** Waits for a sign-in mail to `email` received after `since` and returns its six-digit code. */
export async function readSignInCode(
  sandboxUrl: string,
  email: string,
  since: Date,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${sandboxUrl}/mailbox/messages?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as MailboxMessage[];
    const fresh = messages.find((message) => new Date(message.receivedAt) >= since);
    const code = fresh?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No sign-in code for ${email} arrived in the sandbox mailbox`);
}

/** Signs the browser context in (its cookies) through the sign-in API. */
export async function signInThroughApi(
  context: BrowserContext,
  { baseUrl, sandboxUrl, email }: { baseUrl: string; sandboxUrl: string; email: string },
): Promise<void> {
  const request = context.request;
  // Once more on ECONNRESET: a kept-alive socket the server closed as the request went out.
  const csrf = await request.get(`${baseUrl}/auth/csrf-token`, { maxRetries: 1 });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken };
  const since = new Date(Date.now() - 1000);
  const sent = await request.post(`${baseUrl}/auth/code`, { data: { email }, headers });
  if (!sent.ok())
    throw new Error(`POST /auth/code answered ${sent.status()}: ${await sent.text()}`);
  const code = await readSignInCode(sandboxUrl, email, since);
  const verified = await request.post(`${baseUrl}/auth/verify`, {
    data: { email, code, rememberMe: false },
    headers,
  });
  if (!verified.ok()) {
    throw new Error(`POST /auth/verify answered ${verified.status()}: ${await verified.text()}`);
  }
}
