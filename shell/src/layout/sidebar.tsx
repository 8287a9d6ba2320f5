import { useAtomValue } from 'jotai';
import { theme } from '@outsync/ui';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import styled, { css } from 'styled-components';
import { currentUserAtom } from '@outsync/app-runtime';
import { useLogOut } from '../session/log-out';
import { KNOWLEDGE_BASE_URL, SUPPORT_EMAIL } from '../session/support';
import { isGroup, navigation, type NavGroup, type NavLinkItem } from './navigation';
import { ServiceStatus } from './service-status';

export const knowledgeBaseLabel = 'Knowledge base';
export const emailSupportLabel = 'Email support';
export const logOutLabel = 'Log out';

export function Sidebar() {
  const user = useAtomValue(currentUserAtom);
  const visible = (item: NavLinkItem) =>
    !item.managerOrAdminOnly || Boolean(user?.isManagerOrAdmin);
  return (
    <Nav aria-label="Dashboard">
      <List>
        {navigation.map((entry) =>
          isGroup(entry) ? (
            <SidebarGroup key={entry.label} group={entry} />
          ) : visible(entry) ? (
            <SidebarLink key={entry.to} item={entry} />
          ) : null,
        )}
        <li>
          <External href={KNOWLEDGE_BASE_URL} target="_blank" rel="noopener noreferrer">
            {knowledgeBaseLabel}
          </External>
        </li>
        <li>
          <External href={`mailto:${SUPPORT_EMAIL}`}>{emailSupportLabel}</External>
        </li>
      </List>
      <Footer>
        <ServiceStatus />
        <LogOutButton />
      </Footer>
    </Nav>
  );
}

/** Ends the session on the server, then loads the page the server names (spec 01 §2.2), or '/'. */
function LogOutButton() {
  const logOut = useLogOut();
  return (
    // Stays disabled after success: the browser is on its way to another page.
    <GroupToggle onClick={() => logOut.mutate()} disabled={logOut.isPending || logOut.isSuccess}>
      {logOutLabel}
    </GroupToggle>
  );
}

function SidebarLink({ item }: { item: NavLinkItem }) {
  return (
    <li>
      <Link to={item.to} data-route-name={item.routeName}>
        {item.label}
      </Link>
    </li>
  );
}

/** Where the groups' open or closed state is kept, so a reload keeps it (issue 31). */
export const sidebarGroupsStorageKey = 'outsync.sidebar.groups';

function storedGroups(): Record<string, boolean> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(sidebarGroupsStorageKey) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

function storeGroup(label: string, open: boolean) {
  try {
    localStorage.setItem(
      sidebarGroupsStorageKey,
      JSON.stringify({ ...storedGroups(), [label]: open }),
    );
  } catch {
    // No storage (a private window's quota, a policy): the group is only open until reload.
  }
}

function SidebarGroup({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const containsCurrent = group.items.some((item) => pathname.startsWith(item.to));
  const [open, setOpen] = useState(() => storedGroups()[group.label] ?? containsCurrent);
  const expanded = open || containsCurrent;
  const toggle = () => {
    setOpen(!expanded);
    storeGroup(group.label, !expanded);
  };
  const listId = `nav-${group.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <li>
      <GroupToggle aria-expanded={expanded} aria-controls={listId} onClick={toggle}>
        {group.label}
        <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
      </GroupToggle>
      <List id={listId} hidden={!expanded} $nested>
        {group.items.map((item) => (
          <SidebarLink key={item.to} item={item} />
        ))}
      </List>
    </li>
  );
}

const Nav = styled.nav`
  width: ${theme.layout.sidebarWidth};
  flex-shrink: 0;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.border};
  padding: ${theme.space(3)} 0;
`;

const List = styled.ul<{ $nested?: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0 0 0 ${({ $nested }) => ($nested ? theme.space(4) : '0')};
`;

const itemPadding = `${theme.space(2)} ${theme.space(5)}`;

const Footer = styled.div`
  margin-top: ${theme.space(4)};
  border-top: 1px solid ${theme.colors.border};
  padding-top: ${theme.space(2)};
`;

const itemLink = css`
  display: block;
  padding: ${itemPadding};
  color: ${theme.colors.ink};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.canvas};
  }
`;

const External = styled.a`
  ${itemLink}
`;

const Link = styled(NavLink)`
  ${itemLink}
  &.active {
    color: ${theme.colors.brand};
    font-weight: 600;
    box-shadow: inset 3px 0 0 ${theme.colors.brand};
  }
`;

const GroupToggle = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  padding: ${itemPadding};
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${theme.colors.ink};
  cursor: pointer;
`;
