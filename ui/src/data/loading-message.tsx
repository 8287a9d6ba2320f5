import styled from 'styled-components';
import { Spinner } from '../spinner';

/**
 * A spinner with its text visible beside it. The Spinner announces the text (its status role);
 * the visible copy is hidden from assistive technology so the text is not read twice.
 */
export function LoadingMessage({ text }: { text: string }) {
  return (
    <LoadingLayout>
      <Spinner label={text} />
      <span aria-hidden="true">{text}</span>
    </LoadingLayout>
  );
}

const LoadingLayout = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.inkMuted};
`;
