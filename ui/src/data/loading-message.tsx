import styled from 'styled-components';
import { Spinner, theme, type SpinnerSize } from '@outsync/ui';

/**
 * A spinner with its text visible beside it. The Spinner announces the text (its status role);
 * the visible copy is hidden from assistive technology so the text is not read twice.
 */
export function LoadingMessage({
  text,
  spinnerSize = 'medium',
}: {
  text: string;
  spinnerSize?: SpinnerSize;
}) {
  return (
    <LoadingLayout $gap={spinnerSize === 'small' ? 2 : 1}>
      <Spinner label={text} size={spinnerSize} />
      <span aria-hidden="true">{text}</span>
    </LoadingLayout>
  );
}

const LoadingLayout = styled.span<{ $gap: number }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ $gap }) => theme.space($gap)};
  color: ${theme.colors.inkMuted};
`;
