import styled from 'styled-components';
import { theme } from '@outsync/ui';
import { SUPPORT_EMAIL } from '../session/support';

export const upgradeBannerText = (email: string) =>
  `You are on a free plan, email ${email} to upgrade and start syncing live data.`;

/** Shown to users not on the paid tier (spec 01 §2.2). */
export function UpgradeBanner() {
  return (
    <Banner role="status" aria-label="Plan">
      <Icon aria-hidden="true">⚠</Icon>
      <span>{upgradeBannerText(SUPPORT_EMAIL)}</span>
      <Icon aria-hidden="true">⚠</Icon>
    </Banner>
  );
}

const Banner = styled.div`
  height: ${theme.layout.bannerHeight};
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(3)};
  background: ${theme.colors.warningBg};
  color: ${theme.colors.warningInk};
  font-weight: 600;
`;

const Icon = styled.span`
  font-size: 18px;
`;
