// `@outsync/app-runtime/profile-select`: a subpath entry, not part of the shared singleton, so
// only the modules that show the list bundle it (and `@outsync/ui/select`'s downshift with it).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { crmDisplayNames, routeCatalog } from '@outsync/contracts';
import { integrationLabel, type IntegrationItem } from '@outsync/contracts/accounts';
import { VisuallyHidden } from '@outsync/ui';
import { OptionLines, Select } from '@outsync/ui/select';

/** The list's texts where a screen names none (spec 02 §2.4, §2.6). */
export const profileSelectTexts = {
  label: 'Select Profile',
  placeholder: 'Select Profile',
} as const;

/**
 * 'Select Profile': the user's integrations a webhook, an endpoint or an API key is created on,
 * each reading '{profile} - {profile email} - {organizationId} {organizationDomain}' (spec 01
 * §2.6, spec 02 §2.4, §2.6). Controlled by the chosen profile's id.
 */
export function ProfileSelect({
  integrations,
  value,
  onChange,
  label = profileSelectTexts.label,
  error,
  disabled,
}: {
  integrations: readonly IntegrationItem[];
  /** The chosen profile's id. */
  value: string | null | undefined;
  onChange: (userProfileId: string | null) => void;
  /** The field's label, where a screen's spec words it otherwise ('Select Profile:'). */
  label?: string;
  error?: string;
  disabled?: boolean;
}) {
  const chosen = integrations.find((item) => item.user.id === value) ?? null;
  return (
    <Select<IntegrationItem>
      label={label}
      placeholder={profileSelectTexts.placeholder}
      options={integrations}
      getOptionValue={(item) => item.user.id}
      getOptionLabel={integrationLabel}
      renderOption={IntegrationOption}
      value={chosen}
      onChange={(item) => onChange(item?.user.id ?? null)}
      error={error}
      disabled={disabled}
    />
  );
}

/**
 * An integration in a list: the CRM kind and e-mail, then the organisation on a second line,
 * instead of one label wrapping word by word in a narrow list (issue 31). The text read (and
 * searched) is still the spec's label: the ' - ' between the lines is there, hidden.
 */
export function IntegrationOption(item: IntegrationItem) {
  const { profile, email, organizationId, organizationDomain } = item.user;
  return (
    <OptionLines
      primary={`${profile} - ${email}`}
      secondary={
        <>
          <VisuallyHidden>- </VisuallyHidden>
          {`${organizationId} ${organizationDomain}`}
        </>
      }
    />
  );
}

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
  gap: ${({ theme }) => theme.space(2)};
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
  gap: ${({ theme }) => theme.space(4)};
  a {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

const FlagNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-left: 4px solid ${({ theme }) => theme.colors.warningInk};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.warningBg};
  color: ${({ theme }) => theme.colors.warningInk};
`;
