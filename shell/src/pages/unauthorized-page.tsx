import { Link } from 'react-router';
import { Centered, mainPageLinkText } from './not-found-page';

export const unauthorizedText = 'Unauthorized!';

export function UnauthorizedPage() {
  return (
    <Centered>
      <h1>{unauthorizedText}</h1>
      <Link to="/">{mainPageLinkText}</Link>
    </Centered>
  );
}
