import type { ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';

/**
 * Two or three lines for an option: a CRM property (label, name, description) or an owner
 * (name, e-mail). The spaces between lines keep the option's accessible name readable.
 */
export function OptionLines({
  primary,
  secondary,
  tertiary,
}: {
  primary: ReactNode;
  secondary?: ReactNode;
  tertiary?: ReactNode;
}) {
  return (
    <Lines>
      <Primary>{primary}</Primary>
      {secondary ? (
        <>
          {' '}
          <Secondary>{secondary}</Secondary>
        </>
      ) : null}
      {tertiary ? (
        <>
          {' '}
          <Tertiary>{tertiary}</Tertiary>
        </>
      ) : null}
    </Lines>
  );
}

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(0.5)};
`;

const Primary = styled.span`
  font-weight: 600;
`;

const Secondary = styled.span`
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;

const Tertiary = styled.span`
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;
