import type { ProfileFlags } from '@outsync/contracts/accounts';
import styled from 'styled-components';
import { VisuallyHidden, theme } from '@outsync/ui';

/** The "Approved" flags, in the spec's order and words (spec 02 §2.2, §3). */
export const approvedFlagLabels = {
  canWebhook: 'Webhooks',
  canUserAccount: 'Additional Webhooks',
  canBlockList: 'Block Lists',
} as const satisfies Record<keyof ProfileFlags, string>;

export const flagStateLabels = { on: 'enabled', off: 'disabled' } as const;

/** What a cell shows when there is nothing to show (a row without a profile, no name). */
export const EMPTY_CELL = '—';

const flagOrder = Object.keys(approvedFlagLabels) as (keyof ProfileFlags)[];

/**
 * A profile's three feature flags; a flag that is false is red (spec 02 §2.2). Colour is not the
 * only cue: each flag carries a ✓ or ✕ and says "enabled" or "disabled" to assistive technology.
 */
export function ApprovedFlags({ flags }: { flags: ProfileFlags | null }) {
  if (!flags) return <EmptyCell>{EMPTY_CELL}</EmptyCell>;
  return (
    <FlagList>
      {flagOrder.map((flag) => {
        const on = flags[flag];
        return (
          <Flag key={flag} data-flag={flag} data-enabled={on} $on={on}>
            <span aria-hidden="true">{on ? '✓' : '✕'}</span> {approvedFlagLabels[flag]}
            <VisuallyHidden>: {on ? flagStateLabels.on : flagStateLabels.off}</VisuallyHidden>
          </Flag>
        );
      })}
    </FlagList>
  );
}

const FlagList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Flag = styled.li<{ $on: boolean }>`
  white-space: nowrap;
  font-weight: ${({ $on }) => ($on ? 400 : 600)};
  color: ${({ $on }) => ($on ? theme.colors.success : theme.colors.danger)};
`;

const EmptyCell = styled.span`
  color: ${theme.colors.inkMuted};
`;

/**
 * The "Account" column: the connection's user, "{firstName} {lastName}" (the spec names the
 * column only); "—" when the CRM gave no name.
 */
export function accountName(profile: { firstName: string; lastName: string }): string {
  return `${profile.firstName} ${profile.lastName}`.trim() || EMPTY_CELL;
}
