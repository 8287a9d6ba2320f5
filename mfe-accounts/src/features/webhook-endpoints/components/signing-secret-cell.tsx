import { useState } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { useCopyToClipboard } from '@outsync/ui/overlay';
import { CellButton } from '../../../shared/components/screen-parts';
import { useRevealUserAccountSecret } from '../api/reveal-user-account-secret';

/** The signing secret cell's texts (ours: the spec has no signing secret). */
export const signingSecretTexts = {
  mask: '••••••••••••••••',
  masked: 'Signing secret hidden',
  show: 'Show',
  hide: 'Hide',
  copy: 'Copy',
  copied: 'Signing secret copied.',
  copyFailed: 'Could not copy the signing secret.',
} as const;

const t = signingSecretTexts;

/**
 * One endpoint's signing secret: masked until Show, read from the service on each Show or Copy
 * and kept in this cell's state only while shown (never in a query cache).
 */
export function SigningSecretCell({
  endpointId,
  helpId,
}: {
  endpointId: string;
  /** The help text that says how to check a signature, described by the buttons. */
  helpId?: string;
}) {
  const { reveal, revealing } = useRevealUserAccountSecret();
  const copy = useCopyToClipboard();
  const [shown, setShown] = useState<string | null>(null);

  const toggle = async () => {
    if (shown !== null) {
      setShown(null);
      return;
    }
    const secret = await reveal(endpointId).catch(() => null);
    if (secret !== null) setShown(secret);
  };

  const copySecret = async (button: HTMLElement) => {
    // A hidden secret is read for the copy alone and stays hidden.
    const secret = shown ?? (await reveal(endpointId).catch(() => null));
    if (secret === null) return;
    await copy(secret, { success: t.copied, error: t.copyFailed }, button.parentElement);
  };

  return (
    <SecretLine>
      {shown === null ? (
        <SecretText role="img" aria-label={t.masked}>
          {t.mask}
        </SecretText>
      ) : (
        <SecretText>{shown}</SecretText>
      )}
      <Actions>
        <CellButton
          $variant="secondary"
          aria-busy={revealing}
          aria-describedby={helpId}
          disabled={revealing}
          onClick={() => void toggle()}
        >
          {shown === null ? t.show : t.hide}
        </CellButton>
        <CellButton
          $variant="secondary"
          aria-describedby={helpId}
          disabled={revealing}
          onClick={(event) => void copySecret(event.currentTarget)}
        >
          {t.copy}
        </CellButton>
      </Actions>
    </SecretLine>
  );
}

const SecretLine = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

const SecretText = styled.span`
  font-family: ${theme.font.mono};
  font-size: 12px;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  gap: ${theme.space(1)};
`;
