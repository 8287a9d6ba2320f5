import type { ReactNode } from 'react';
import styled from 'styled-components';
// By package name, as copy-button.tsx says: the shell's one `@outsync/ui` instance.
import { Button, theme } from '@outsync/ui';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';

export interface SecretOnceDialogProps {
  title: string;
  /** Says it is shown once, e.g. 'Copy this key now. It will not be shown again.'. */
  description: string;
  /** The secret, selectable by hand too where the clipboard is not allowed. */
  secret: string;
  /** The secret's accessible name, when the title does not already give it one. */
  secretLabel?: string;
  copyLabel: string;
  /** The toast once copied. */
  copiedMessage: string;
  doneLabel: string;
  onDone: () => void;
  /** Under the secret: how to use it. */
  children?: ReactNode;
}

/**
 * A secret the service answers only once (a partner key, an API token): shown with a copy
 * button until the user is done. The secret lives in the caller's state only while this is open.
 */
export function SecretOnceDialog({
  title,
  description,
  secret,
  secretLabel,
  copyLabel,
  copiedMessage,
  doneLabel,
  onDone,
  children,
}: SecretOnceDialogProps) {
  return (
    <Dialog
      open
      onClose={onDone}
      title={title}
      description={description}
      footer={<Button onClick={onDone}>{doneLabel}</Button>}
    >
      <SecretLine>
        <Secret aria-label={secretLabel}>{secret}</Secret>
        <CopyButton text={secret} successMessage={copiedMessage}>
          {copyLabel}
        </CopyButton>
      </SecretLine>
      {children !== undefined && <Note>{children}</Note>}
    </Dialog>
  );
}

const SecretLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
`;

const Secret = styled.code`
  flex: 1;
  min-width: 0;
  padding: ${theme.space(2)} ${theme.space(3)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.canvas};
  font-family: ${theme.font.mono};
  font-size: 13px;
  overflow-wrap: anywhere;
  user-select: all;
`;

const Note = styled.p`
  margin: ${theme.space(3)} 0 0;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;
