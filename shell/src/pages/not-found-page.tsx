import { Link } from 'react-router';
import { theme } from '@outsync/ui';
import styled from 'styled-components';

export const notFoundText = 'The Page Not Found';
export const mainPageLinkText = 'Go to the main page';

export function NotFoundPage() {
  return (
    <Centered>
      <h1>{notFoundText}</h1>
      <Link to="/">{mainPageLinkText}</Link>
    </Centered>
  );
}

export const Centered = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(4)};
`;
