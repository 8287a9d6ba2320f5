import styled from 'styled-components';
import { Spinner, theme } from '@outsync/ui';

/** A spinner with "Loading..." beside it (the spinner announces it; the copy is for the eye). */
export function LoadingMessageText({ text }: { text: string }) {
  return (
    <Row>
      <Spinner label={text} size="small" />
      <span aria-hidden="true">{text}</span>
    </Row>
  );
}

const Row = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  color: ${theme.colors.inkMuted};
`;
