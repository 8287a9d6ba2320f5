import styled, { css } from 'styled-components';
import { theme } from './theme/theme';

type Variant = 'primary' | 'secondary' | 'danger';

/** A button that never submits a form by accident: `type` defaults to 'button'. */
export const Button = styled.button.attrs<{ $variant?: Variant }>(({ type }) => ({
  type: type ?? 'button',
}))`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  padding: ${theme.space(2)} ${theme.space(4)};
  border-radius: ${theme.radius};
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${({ $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.brand};
          color: ${theme.colors.brandInk};
          &:hover:not(:disabled) {
            background: ${theme.colors.brandDark};
          }
        `
      : $variant === 'danger'
        ? css`
            background: ${theme.colors.danger};
            color: ${theme.colors.dangerInk};
          `
        : css`
            background: ${theme.colors.surface};
            color: ${theme.colors.ink};
            border-color: ${theme.colors.border};
          `}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
