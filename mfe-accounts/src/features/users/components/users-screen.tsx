import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { currentUserAtom } from '@outsync/app-runtime';
import type { AdminUserRow } from '@outsync/contracts/accounts';
import { Page } from '@outsync/ui';
import { Table, type TableColumn } from '@outsync/ui/data';
import { ApprovedFlags, EMPTY_CELL } from '../../../shared/components/profile-cells';
import { CellButton, idColumn, MutedText, Sections } from '../../../shared/components/screen-parts';
import { useAdminUsers } from '../api/get-admin-users';
import { roleLabel } from './role-labels';

// Admins only, on first use: keeps the select (downshift) out of the screen's first load.
const UpdateUserDialog = lazy(() =>
  import('./update-user-dialog').then((module) => ({ default: module.UpdateUserDialog })),
);

/** The screen's texts (spec 02 §2.8; the caption, empty and staff-only texts are ours). */
export const usersTexts = {
  caption: 'Users',
  id: 'ID',
  accountId: 'Account ID',
  organizationId: 'Organization ID',
  account: 'Account',
  email: 'Email',
  role: 'Role',
  hubDomain: 'Hub Domain',
  approved: 'Approved',
  update: 'Update',
  empty: 'No users yet.',
  staffOnly: 'Only managers and admins can see the users.',
} as const;

const t = usersTexts;
const orDash = (value: string) => value || EMPTY_CELL;

/**
 * user-view (spec 02 §2.8): every profile (and every user without one) for managers and admins;
 * admins may change the flags, role and plan. The shell shows the route to staff only; anyone
 * else who reaches this page gets a note and no request.
 */
export function UsersScreen({
  title,
  children,
}: {
  title: string;
  /** Further sections under the table, for staff (the page composes them: admins' Partners). */
  children?: ReactNode;
}) {
  const user = useAtomValue(currentUserAtom);
  const staff = user?.isManagerOrAdmin === true;
  const isAdmin = user?.isAdmin === true;
  const users = useAdminUsers({ enabled: staff });
  const [editing, setEditing] = useState<AdminUserRow | null>(null);

  // Too narrow for all (ui/README.md, "Tables: one sizing rule"): the ids, then the domain, fold
  // into each row's details; who the user is, their role, flags and Update stay.
  const columns: TableColumn<AdminUserRow>[] = [
    { ...idColumn(t.id), sizing: 'fixed' },
    {
      id: 'accountId',
      header: t.accountId,
      cell: (row) => orDash(row.accountId),
      sizing: 'token',
      width: '110px',
      priority: 2,
    },
    {
      id: 'organizationId',
      header: t.organizationId,
      cell: (row) => orDash(row.organizationId),
      sizing: 'token',
      width: '140px',
      priority: 3,
    },
    // An e-mail cut to a few letters says nothing: below 11rem, columns fold instead.
    {
      id: 'account',
      header: t.account,
      cell: (row) => row.userEmail,
      sizing: 'token',
      minWidth: '11rem',
    },
    { id: 'email', header: t.email, cell: (row) => row.email, sizing: 'token', minWidth: '11rem' },
    {
      id: 'role',
      header: t.role,
      cell: (row) => roleLabel(row.role),
      sizing: 'fixed',
      width: '6.5rem',
    },
    {
      id: 'hubDomain',
      header: t.hubDomain,
      cell: (row) => orDash(row.organizationDomain),
      sizing: 'token',
      minWidth: '9rem',
      priority: 1,
    },
    {
      id: 'approved',
      header: t.approved,
      cell: (row) => <ApprovedFlags flags={row.profile === null ? null : row} />,
      sizing: 'fixed',
      width: '190px',
    },
  ];
  if (isAdmin) {
    columns.push({
      id: 'update',
      header: t.update,
      cell: (row) => (
        <CellButton $variant="secondary" onClick={() => setEditing(row)}>
          {t.update}
        </CellButton>
      ),
      sizing: 'actions',
    });
  }

  return (
    <Page title={title}>
      {/* Sections: its flex layout keeps the table's scroll region inside the card. */}
      <Sections>
        {staff ? (
          <>
            <Table
              caption={t.caption}
              captionHidden
              columns={columns}
              rows={users.data ?? []}
              getRowId={(row) => row.id}
              loading={users.isPending}
              emptyText={t.empty}
            />
            {children}
          </>
        ) : (
          <MutedText>{t.staffOnly}</MutedText>
        )}
      </Sections>
      <Suspense fallback={null}>
        {editing ? <UpdateUserDialog row={editing} onClose={() => setEditing(null)} /> : null}
      </Suspense>
    </Page>
  );
}
