// `@outsync/app-runtime/first-run`: what a screen says before it can offer a profile (no
// integrations yet) or about the chosen one's flags. A subpath entry of its own, apart from
// `./profile-select`, so a screen can show it without bundling the select (downshift).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { crmDisplayNames, routeCatalog } from '@outsync/contracts';
import { theme } from '@outsync/ui';

/** What a first run is told (issue 31, item 5; beyond the spec, beside its texts). */
export const firstRunTexts = {
  noIntegrations: "You don't have any integrations!",
  connectFirst: 'Connect your CRM first: a HubSpot account or a Salesforce org.',
  connect: (crm: string) => `Connect ${crm}`,
} as const;

/**
 * The spec's "You don't have any integrations!" with what to do first: connect a CRM, with a
 * link to each CRM's screen. `then` says what the screen does once one is connected; a page
 * embedded in a partner's portal has no such screens, so `links` is off there.
 */
export function NoIntegrations({ then, links = true }: { then: string; links?: boolean }) {
  return (
    <FirstStep>
      <Lead>{firstRunTexts.noIntegrations}</Lead>
      <p>
        {firstRunTexts.connectFirst} {then}
      </p>
      {links ? (
        <Links>
          <Link to={routeCatalog['hubspot-view'].path}>
            {firstRunTexts.connect(crmDisplayNames.HUBSPOT)}
          </Link>
          <Link to={routeCatalog['salesforce-settings-view'].path}>
            {firstRunTexts.connect(crmDisplayNames.SALESFORCE)}
          </Link>
        </Links>
      ) : null}
    </FirstStep>
  );
}

/**
 * A form's profile lacks a permission flag (Webhooks, Block Lists…): said at the form's top,
 * before anything is filled in (issue 31, item 5).
 */
export function ProfileFlagNote({ children }: { children: ReactNode }) {
  return <FlagNote role="note">{children}</FlagNote>;
}

const FirstStep = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  p {
    margin: 0;
  }
`;

const Lead = styled.p`
  font-weight: 600;
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(4)};
  a {
    font-weight: 600;
    color: ${theme.colors.brand};
  }
`;

const FlagNote = styled.p`
  margin: 0;
  padding: ${theme.space(3)} ${theme.space(4)};
  border-left: 4px solid ${theme.colors.warningInk};
  border-radius: ${theme.radius};
  background: ${theme.colors.warningBg};
  color: ${theme.colors.warningInk};
`;
