import type { ComponentPropsWithRef } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';

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
    <ChipBody data-tone={tone} {...rest}>
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

// The tone is an attribute, not a prop, so the chip's CSS is static (made once; see table-parts).
const ChipBody = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  max-width: 100%;
  min-height: ${theme.space(6)};
  padding: 0 ${theme.space(2)};
  border: 1px solid;
  border-radius: ${theme.radius};
  font-size: ${theme.font.size.sm};
  line-height: 1.3;
  background: ${theme.colors.surfaceHover};
  color: ${theme.colors.ink};
  border-color: ${theme.colors.border};
  &[data-tone='brand'] {
    background: ${theme.colors.brand};
    color: ${theme.colors.brandInk};
    border-color: ${theme.colors.brand};
  }
  &[data-tone='success'] {
    background: ${theme.colors.successBg};
    color: ${theme.colors.success};
    border-color: ${theme.colors.success};
  }
  &[data-tone='danger'] {
    background: ${theme.colors.dangerBg};
    color: ${theme.colors.danger};
    border-color: ${theme.colors.danger};
  }
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
  width: ${theme.space(5)};
  height: ${theme.space(5)};
  margin-right: calc(-1 * ${theme.space(1)});
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${theme.font.size.md};
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
