import styled from 'styled-components';
import { theme } from '@outsync/ui';
import {
  crmDisplayNames,
  logTypeLabels,
  platformDisplayName,
  webhookTablePlatformLabel,
  writeModes,
} from '@outsync/contracts';
import { lookupMethodOptions, type Webhook } from '@outsync/contracts/webhooks';
import { Chip, formatUsDateTime } from '@outsync/ui/data';
import { Tooltip } from '@outsync/ui/overlay';

/** The cells' texts (spec 01 §2.6 "Webhook table columns"; the owner button's name is ours). */
export const webhookCellTexts = {
  id: (id: string) => `ID: ${id}`,
  hubId: (hubId: string) => `Hub ID: ${hubId}`,
  domain: (domain: string) => `Domain: ${domain}`,
  addedBy: (email: string) => `Added by: ${email}`,
  created: (date: string) => `Created: ${date}`,
  tipHubId: (hubId: string) => `Hub Id: ${hubId}`,
  tipOwnerId: (ownerId: string) => `Owner Id: ${ownerId}`,
  tipOwnerEmail: (email: string) => `Owner Email: ${email}`,
  ownerDetails: (name: string) => `Owner details of ${name}`,
  category: ({ id, name }: { id: string; name: string }) => `ID: ${id} - ${name}`,
  customFields: (object: string) => `Custom ${object} fields`,
} as const;

/** The HUBSPOT tags, each shown when its flag is on (spec 01 §2.6 "Tags"). */
export const hubspotTagLabels = {
  createOrUpdateCompany: 'Create or update company',
  assignCompanyOwner: 'Assign company owner',
  assignContactOwner: 'Assign contact owner',
  createOrUpdateTask: 'Create task',
  createContactCustomProperties: 'Custom contact properties',
} as const satisfies Partial<Record<keyof Webhook, string>>;

const t = webhookCellTexts;

/** "Date and time in US format" (spec 01 §2.6), in the viewer's time zone. */
export function usDateTime(iso: string): string {
  return formatUsDateTime(new Date(iso));
}

/** '{firstName} {lastName}' of the webhook's CRM owner. */
export function ownerName(webhook: Pick<Webhook, 'ownerDetails'>): string {
  return `${webhook.ownerDetails.firstName} ${webhook.ownerDetails.lastName}`.trim();
}

/** The 'Tags' of a webhook, in the spec's order, for its CRM kind. */
export function webhookTags(webhook: Webhook): string[] {
  if (webhook.user.profile === 'HUBSPOT') {
    return (Object.keys(hubspotTagLabels) as (keyof typeof hubspotTagLabels)[])
      .filter((flag) => webhook[flag])
      .map((flag) => hubspotTagLabels[flag]);
  }
  const customFields = webhook.createContactCustomProperties
    ? webhook.salesforceCustomFieldObjects.map(t.customFields)
    : [];
  const writeMode = writeModes.find(
    (mode) => mode.salesforceOnlyUpdate === webhook.salesforceOnlyUpdate,
  );
  return writeMode ? [...customFields, writeMode.label] : customFields;
}

/** The 'Profile' lines: CRM kind, platform, log type, SALESFORCE object, lookup method. */
export function profileLines(webhook: Webhook): string[] {
  const method = lookupMethodOptions(webhook.emailService).find(
    (option) => option.value === webhook.objectLookupMethod,
  );
  return [
    webhook.user.profile,
    webhookTablePlatformLabel(webhook.emailService),
    logTypeLabels[webhook.logType],
    ...(webhook.user.profile === 'SALESFORCE' ? [capitalised(webhook.salesforceObjectType)] : []),
    ...(method ? [method.label] : []),
  ];
}

/** {platform} and {CRM} of the delete question's description. */
export function deleteTextParts(webhook: Webhook) {
  return {
    platform: platformDisplayName(webhook.emailService),
    crm: crmDisplayNames[webhook.user.profile],
  };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * 'Full Name': the owner's name, then the webhook's ID, Hub ID, Domain, 'Added by' and Created;
 * the owner's ids and e-mail in a tooltip on a button beside the name (a tooltip needs a
 * focusable trigger to reach keyboard users).
 */
export function FullNameCell({ webhook }: { webhook: Webhook }) {
  const name = ownerName(webhook);
  const { user } = webhook;
  return (
    <Lines>
      <NameLine>
        <strong>{name}</strong>
        <Tooltip
          content={
            // The spaces part the lines in the description a screen reader reads; the flex
            // column drops them from the layout.
            <TipLines>
              <span>{t.tipHubId(webhook.hubId)}</span>{' '}
              <span>{t.tipOwnerId(webhook.hubspotOwnerId)}</span>{' '}
              <span>{t.tipOwnerEmail(webhook.ownerDetails.email)}</span>
            </TipLines>
          }
        >
          <InfoButton type="button" aria-label={t.ownerDetails(name)}>
            <span aria-hidden="true">i</span>
          </InfoButton>
        </Tooltip>
      </NameLine>
      <Note>{t.id(webhook.id)}</Note>
      <Note>{t.hubId(webhook.hubId)}</Note>
      <Note>{t.domain(user.organizationDomain || user.settings.domain)}</Note>
      <Note>{t.addedBy(user.email)}</Note>
      <Note>{t.created(usDateTime(webhook.createdAt))}</Note>
    </Lines>
  );
}

export function ProfileCell({ webhook }: { webhook: Webhook }) {
  return (
    <Lines>
      {profileLines(webhook).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </Lines>
  );
}

export function TagsCell({ webhook }: { webhook: Webhook }) {
  return (
    <ChipList>
      {webhookTags(webhook).map((tag) => (
        <li key={tag}>
          <Chip label={tag} tone="brand" />
        </li>
      ))}
    </ChipList>
  );
}

export function CategoriesCell({ webhook }: { webhook: Webhook }) {
  return (
    <ChipList>
      {(webhook.smartleadBaseCategories ?? []).map((category) => (
        <li key={category.id}>
          <Chip label={t.category(category)} />
        </li>
      ))}
    </ChipList>
  );
}

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

const NameLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
`;

const Note = styled.span`
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;

const TipLines = styled.span`
  display: flex;
  flex-direction: column;
`;

const InfoButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 18px;
  height: 18px;
  padding: 0;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: 50%;
  background: ${theme.colors.surface};
  color: ${theme.colors.inkMuted};
  font: inherit;
  font-size: 11px;
  font-style: italic;
  font-weight: 600;
  cursor: help;
`;

const ChipList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
