import styled from 'styled-components';
import { Button } from '@outsync/ui';
import { CopyButton, Dialog } from '@outsync/ui/overlay';

/** The one-time key dialog's texts (issue 15; ours). */
export const partnerKeyTexts = {
  title: (name: string) => `Partner key for ${name}`,
  once: 'Copy this key now. It will not be shown again.',
  copy: 'Copy key',
  copied: 'Copied the partner key.',
  done: 'Done',
} as const;

const t = partnerKeyTexts;

/**
 * Shows a partner's secret key the one time the service returns it (after create or rotate).
 * The key lives in the caller's state only while this is open.
 */
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
    <Dialog
      open
      onClose={onDone}
      title={t.title(partnerName)}
      description={t.once}
      footer={<Button onClick={onDone}>{t.done}</Button>}
    >
      <KeyLine>
        <Key>{apiKey}</Key>
        <CopyButton text={apiKey} successMessage={t.copied}>
          {t.copy}
        </CopyButton>
      </KeyLine>
    </Dialog>
  );
}

const KeyLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

// Selectable by hand too, where the clipboard is not allowed.
const Key = styled.code`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.canvas};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 13px;
  overflow-wrap: anywhere;
  user-select: all;
`;
