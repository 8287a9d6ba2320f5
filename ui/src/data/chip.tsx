import type { ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';

export type ChipTone = 'neutral' | 'brand' | 'success' | 'danger';

export type ChipProps = Omit<ComponentPropsWithRef<'span'>, 'children'> & {
  /** The chip's text, e.g. 'ID: 3 - Interested'. */
  label: string;
  tone?: ChipTone;
  /** Shows a remove button when given. */
  onRemove?: () => void;
  /** The remove button's accessible name; 'Remove {label}' by default. */
  removeLabel?: string;
  /** Disables the remove button. */
  disabled?: boolean;
};

/** A tag: a short text, optionally with a button that removes it. */
export function Chip({
  label,
  tone = 'neutral',
  onRemove,
  removeLabel,
  disabled,
  ...rest
}: ChipProps) {
  return (
    <ChipBody $tone={tone} {...rest}>
      <ChipText>{label}</ChipText>
      {onRemove ? (
        <RemoveButton
          type="button"
          aria-label={removeLabel ?? `Remove ${label}`}
          disabled={disabled}
          onClick={(event) => {
            // Removing is not also a click on the chip (a multi-select makes the chip active).
            event.stopPropagation();
            onRemove();
          }}
        >
          <span aria-hidden="true">×</span>
        </RemoveButton>
      ) : null}
    </ChipBody>
  );
}

const tones = {
  neutral: css`
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.ink};
    border-color: ${({ theme }) => theme.colors.border};
  `,
  brand: css`
    background: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.brandInk};
    border-color: ${({ theme }) => theme.colors.brand};
  `,
  success: css`
    background: ${({ theme }) => theme.colors.successBg};
    color: ${({ theme }) => theme.colors.success};
    border-color: ${({ theme }) => theme.colors.success};
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.dangerBg};
    color: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
  `,
} satisfies Record<ChipTone, unknown>;

const ChipBody = styled.span<{ $tone: ChipTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  max-width: 100%;
  min-height: ${({ theme }) => theme.space(6)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radius};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.3;
  ${({ $tone }) => tones[$tone]}
`;

// Long labels (ids, URLs) wrap inside the chip rather than stretching its container; a word is
// never broken to make a table column narrower ('company' read 'compa/ny' in a tight embed):
// break-word, unlike anywhere, leaves words whole in the column's minimum width.
const ChipText = styled.span`
  overflow-wrap: break-word;
`;

const RemoveButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ theme }) => theme.space(5)};
  height: ${({ theme }) => theme.space(5)};
  margin-right: calc(-1 * ${({ theme }) => theme.space(1)});
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 1;
  cursor: pointer;
  opacity: 0.75;
  &:hover:not(:disabled) {
    opacity: 1;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.4;
  }
`;
