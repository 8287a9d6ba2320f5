import { SecretOnceDialog } from '@outsync/ui/overlay';

/** The one-time token dialog's texts (issue 34, item 5; ours). */
export const apiTokenSecretTexts = {
  title: (name: string) => `API token ${name}`,
  once: 'Copy this token now. It will not be shown again.',
  usage: 'Send it with each request as: Authorization: Bearer <token>',
  copy: 'Copy token',
  copied: 'Copied the API token.',
  done: 'Done',
} as const;

const t = apiTokenSecretTexts;

/** Shows a new token the one time the service returns it. */
export function ApiTokenSecretDialog({
  name,
  token,
  onDone,
}: {
  name: string;
  token: string;
  onDone: () => void;
}) {
  return (
    <SecretOnceDialog
      title={t.title(name)}
      description={t.once}
      secret={token}
      secretLabel={t.title(name)}
      copyLabel={t.copy}
      copiedMessage={t.copied}
      doneLabel={t.done}
      onDone={onDone}
    >
      {t.usage}
    </SecretOnceDialog>
  );
}
