import styled, { css, keyframes } from 'styled-components';
import { theme } from './theme/theme';

export type SpinnerSize = 'small' | 'medium';

/**
 * A polite status with a spinning ring. `small` fits a line of text (a list's loading row);
 * `medium` stands alone in an empty area.
 */
export function Spinner({
  label = 'Loading',
  size = 'medium',
}: {
  label?: string;
  size?: SpinnerSize;
}) {
  return (
    <SpinnerWrap role="status" aria-live="polite" $size={size}>
      <Ring aria-hidden="true" $size={size} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </SpinnerWrap>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const SpinnerWrap = styled.span<{ $size: SpinnerSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: ${({ $size }) => ($size === 'small' ? 0 : theme.space(4))};
`;

const rings = {
  small: css`
    width: 14px;
    height: 14px;
    border-width: 2px;
  `,
  medium: css`
    width: 28px;
    height: 28px;
    border-width: 3px;
  `,
} as const;

const Ring = styled.span<{ $size: SpinnerSize }>`
  ${({ $size }) => rings[$size]}
  border-radius: 50%;
  border-style: solid;
  border-color: ${theme.colors.border};
  border-top-color: ${theme.colors.brand};
  animation: ${spin} 0.8s linear infinite;
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
