import styled from 'styled-components';
import { Button } from '@outsync/ui';
import { CopyButton, Dialog } from '@outsync/ui/overlay';

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

/**
 * Shows a new token the one time the service returns it. The token lives in the caller's state
 * only while this is open.
 */
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
    <Dialog
      open
      onClose={onDone}
      title={t.title(name)}
      description={t.once}
      footer={<Button onClick={onDone}>{t.done}</Button>}
    >
      <TokenLine>
        <Token aria-label={t.title(name)}>{token}</Token>
        <CopyButton text={token} successMessage={t.copied}>
          {t.copy}
        </CopyButton>
      </TokenLine>
      <Usage>{t.usage}</Usage>
    </Dialog>
  );
}

const TokenLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

// Selectable by hand too, where the clipboard is not allowed.
const Token = styled.code`
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

const Usage = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
