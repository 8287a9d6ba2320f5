import styled from 'styled-components';
import { theme } from '@outsync/ui';
import type { Partner } from '@outsync/contracts/accounts';
import { Token } from '@outsync/ui/data';
import { Disclosure } from '@outsync/ui/overlay';
import { CellLines } from '../../../shared/components/screen-parts';

/** The cells' texts (issue 15; ours). */
export const partnerCellTexts = {
  customers: (count: number) => (count === 1 ? '1 customer' : `${count} customers`),
  keyPrefix: (prefix: string) => `${prefix}…`,
} as const;

const createdDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function OriginsCell({ partner }: { partner: Partner }) {
  return (
    <CellLines>
      {partner.allowedOrigins.map((origin) => (
        <Token key={origin}>{origin}</Token>
      ))}
    </CellLines>
  );
}

/**
 * The count, and the e-mails behind a disclosure: a partner may have hundreds of customers, too
 * many for a tooltip, and a disclosure's list can be read and selected.
 */
export function CustomersCell({ partner }: { partner: Partner }) {
  const count = partner.customerEmails.length;
  const label = partnerCellTexts.customers(count);
  if (count === 0) return <>{label}</>;
  return (
    <Disclosure label={label}>
      <EmailList>
        {partner.customerEmails.map((email) => (
          <li key={email}>
            <Token wrap>{email}</Token>
          </li>
        ))}
      </EmailList>
    </Disclosure>
  );
}

export function KeyCell({ partner }: { partner: Partner }) {
  return <Mono>{partnerCellTexts.keyPrefix(partner.keyPrefix)}</Mono>;
}

export function CreatedCell({ partner }: { partner: Partner }) {
  const date = new Date(partner.createdAt);
  if (Number.isNaN(date.getTime())) return <>{partner.createdAt}</>;
  return (
    <time dateTime={partner.createdAt} title={date.toLocaleString('en-US')}>
      {createdDate.format(date)}
    </time>
  );
}

const EmailList = styled.ul`
  margin: 0;
  padding-left: ${theme.space(4)};
  max-height: 200px;
  overflow-y: auto;
`;

const Mono = styled.span`
  font-family: ${theme.font.mono};
  font-size: 12px;
  white-space: nowrap;
`;
