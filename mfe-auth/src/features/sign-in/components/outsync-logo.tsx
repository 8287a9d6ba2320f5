import styled from 'styled-components';
import { theme } from '@outsync/ui';

export const logoLabel = 'OutSync';

/** The OutSync mark (two arrows closing a loop: activity flowing into the CRM) and wordmark. */
export function OutSyncLogo() {
  return (
    <Brand role="img" aria-label={logoLabel}>
      <Mark viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <g fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 14.5a7.2 7.2 0 0 1 12.6-4.2L23.5 12" />
          <path d="M23.5 7.5V12H19" />
          <path d="M23 17.5a7.2 7.2 0 0 1-12.6 4.2L8.5 20" />
          <path d="M8.5 24.5V20H13" />
        </g>
      </Mark>
      <Wordmark aria-hidden="true">
        Out<span>Sync</span>
      </Wordmark>
    </Brand>
  );
}

const Brand = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  color: ${theme.colors.brand};
`;

const Mark = styled.svg`
  width: 36px;
  height: 36px;
`;

const Wordmark = styled.span`
  font-size: 22px;
  font-weight: 800;
  letter-spacing: -0.01em;
  color: ${theme.colors.ink};
  span {
    color: ${theme.colors.brand};
  }
`;
