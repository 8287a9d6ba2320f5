// A scripted browser for the sandbox's own OAuth authorize pages: tests, the e2e set-up and the
// demo workspace use it to connect a CRM without a real browser.

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

export type AuthorizeChoices = {
  /** `authorize` (default) or `deny`, the button pressed. */
  decision?: 'authorize' | 'deny';
  /** The sandbox user to sign in as (its HubSpot user id or Salesforce user Id). */
  user?: string;
  /** HubSpot: the portal chosen. */
  hubId?: string | number;
  /** HubSpot: optional scopes to untick. */
  declineScopes?: string[];
};

/**
 * Opens an authorize page as a browser would and submits its form: hidden fields as they are,
 * optional-scope boxes ticked unless declined, the choices made. Answers where the provider
 * sends the browser back (the redirect URI with `code` or `error`, and `state`).
 */
export async function authorizeInSandbox(
  authorizeUrl: string,
  choices: AuthorizeChoices = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${html}`);
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) {
    form.append(match[1]!, unescapeHtml(match[2]!));
  }
  for (const match of html.matchAll(/<input\s+type="checkbox" name="([^"]*)" value="([^"]*)"/g)) {
    if (!(choices.declineScopes ?? []).includes(unescapeHtml(match[2]!))) {
      form.append(match[1]!, unescapeHtml(match[2]!));
    }
  }
  if (choices.user !== undefined) form.set('user', choices.user);
  if (choices.hubId !== undefined) form.set('hub_id', String(choices.hubId));
  form.set('decision', choices.decision ?? 'authorize');
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the authorize page: ${html}`);
  const answer = await fetch(new URL(unescapeHtml(action), authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) {
    throw new Error(`authorize decision answered ${answer.status}: ${await answer.text()}`);
  }
  return new URL(location);
}
