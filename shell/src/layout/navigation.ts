import { routeList, type SidebarGroup } from '@outsync/contracts';

/** The sidebar of spec 01 §2.2, built from the route catalog's sidebar placements. */
export interface NavLinkItem {
  label: string;
  to: string;
  /** Spec route name. */
  routeName: string;
  managerOrAdminOnly?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

/** Catalog order; a group sits where its first entry falls. */
function sidebarEntries(): NavEntry[] {
  const entries: NavEntry[] = [];
  const groups = new Map<SidebarGroup, NavGroup>();
  for (const route of routeList) {
    if (!route.sidebar) continue;
    const item: NavLinkItem = { label: route.sidebar.label, to: route.path, routeName: route.name };
    if (route.access === 'manager-or-admin') item.managerOrAdminOnly = true;
    const groupLabel = route.sidebar.group;
    if (!groupLabel) {
      entries.push(item);
      continue;
    }
    let group = groups.get(groupLabel);
    if (!group) {
      group = { label: groupLabel, items: [] };
      groups.set(groupLabel, group);
      entries.push(group);
    }
    group.items.push(item);
  }
  return entries;
}

export const navigation: NavEntry[] = sidebarEntries();

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}
