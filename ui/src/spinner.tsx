import styled, { keyframes } from 'styled-components';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <SpinnerWrap role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </SpinnerWrap>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const SpinnerWrap = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const Ring = styled.span`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.brand};
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
