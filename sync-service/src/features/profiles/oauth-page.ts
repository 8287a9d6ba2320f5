import type { StateProblem } from './oauth-state';
import { OAUTH_STATE_TTL_MINUTES } from './oauth-state';

const REASONS: Readonly<Record<StateProblem, string>> = {
  missing: 'The answer that came back carries no connection request, so it cannot be trusted.',
  unknown: 'This connection request is not known (it may be older than an hour).',
  used: 'This connection request has already been used.',
  expired: `This connection request has expired: a request is good for ${OAUTH_STATE_TTL_MINUTES} minutes.`,
  foreign:
    'This connection request was started by another user or in another browser. Sign in as the user who started it, in the same browser, and connect again.',
};

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The short page a refused OAuth callback shows: what happened, and a way back. */
export function refusedCallbackPage(input: {
  systemName: string;
  problem: StateProblem;
  backUrl: string;
}): string {
  const title = `${input.systemName} was not connected`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}a{color:#1d4ed8}</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p>${escape(REASONS[input.problem])}</p>
<p>Nothing was changed. <a href="${escape(input.backUrl)}">Back to ${escape(input.systemName)} accounts</a> to try again.</p>
</body>
</html>
`;
}
