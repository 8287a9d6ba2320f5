import { useAtomValue } from 'jotai';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { currentUserAtom } from '@outsync/app-runtime';

export const nameLabel = 'Name';
export const emailLabel = 'Email:';

/** Logo on a dark background, then who is signed in (spec 01 §2.2). */
export function Header() {
  const user = useAtomValue(currentUserAtom);
  return (
    <Bar>
      <Logo href="/admin/dashboard/webhooks" aria-label="OutSync home">
        Out<span>Sync</span>
      </Logo>
      {user ? (
        <Identity aria-label="Signed in as">
          <Field>
            <Label>{nameLabel}</Label>{' '}
            <span data-testid="user-nickname">{user.details.nickname}</span>
          </Field>
          <Field>
            <Label>{emailLabel}</Label> <span data-testid="user-email">{user.details.email}</span>
          </Field>
          <Avatar src={user.details.picture} alt={`${user.details.nickname}'s avatar`} />
        </Identity>
      ) : null}
    </Bar>
  );
}

const Bar = styled.header`
  height: ${theme.layout.headerHeight};
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 ${theme.space(6)};
  background: ${theme.colors.headerBg};
  color: ${theme.colors.headerInk};
`;

const Logo = styled.a`
  font-size: ${theme.font.size.lg};
  font-weight: 800;
  letter-spacing: 0.02em;
  color: inherit;
  text-decoration: none;
  span {
    /* The brand lightened toward the header's ink: readable on the dark bar in both modes. */
    color: color-mix(in srgb, ${theme.colors.brand} 45%, ${theme.colors.headerInk});
  }
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(5)};
  font-size: ${theme.font.size.sm};
`;

const Field = styled.span`
  white-space: nowrap;
`;

const Label = styled.span`
  color: color-mix(in srgb, ${theme.colors.headerInk} 70%, transparent);
`;

const Avatar = styled.img`
  width: 32px;
  height: 32px;
  border-radius: 50%;
  /* Shows while the picture loads, or if it fails. */
  background: color-mix(in srgb, ${theme.colors.headerInk} 20%, transparent);
`;
