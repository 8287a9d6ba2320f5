import { SecretOnceDialog } from '@outsync/ui/overlay';

/** The one-time key dialog's texts (issue 15; ours). */
export const partnerKeyTexts = {
  title: (name: string) => `Partner key for ${name}`,
  once: 'Copy this key now. It will not be shown again.',
  copy: 'Copy key',
  copied: 'Copied the partner key.',
  done: 'Done',
} as const;

const t = partnerKeyTexts;

/** Shows a partner's secret key the one time the service returns it (after create or rotate). */
export function PartnerKeyDialog({
  partnerName,
  apiKey,
  onDone,
}: {
  partnerName: string;
  apiKey: string;
  onDone: () => void;
}) {
  return (
    <SecretOnceDialog
      title={t.title(partnerName)}
      description={t.once}
      secret={apiKey}
      copyLabel={t.copy}
      copiedMessage={t.copied}
      doneLabel={t.done}
      onDone={onDone}
    />
  );
}
