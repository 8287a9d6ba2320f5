import styled from 'styled-components';
import { theme } from '@outsync/ui';

/** A button that reads like a link, for secondary actions inside text. */
export const LinkButton = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${theme.colors.brandText};
  cursor: pointer;
  &:hover:not(:disabled) {
    color: ${theme.colors.brandDark};
    text-decoration: underline;
  }
  &:disabled {
    color: ${theme.colors.inkMuted};
    cursor: not-allowed;
  }
`;
