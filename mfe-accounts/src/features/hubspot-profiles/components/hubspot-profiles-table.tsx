import type { HubspotProfilesResponse, UserProfile } from '@outsync/contracts/accounts';
import { Table, type TableColumn } from '@outsync/ui/data';
import { ApprovedFlags, accountName } from '../../../shared/components/profile-cells';
import { CellButton, idColumn, WholeWords } from '../../../shared/components/screen-parts';

/** A row of the user's own profiles ("auth0Profiles"). */
export type OwnProfileRow = HubspotProfilesResponse['auth0Profiles'][number];

export const profileColumnHeaders = {
  id: 'ID',
  accountId: 'Account ID',
  organizationId: 'Organization ID',
  account: 'Account',
  email: 'Email',
  hubDomain: 'Hub Domain',
  approved: 'Approved',
  delete: 'Delete',
} as const;

export const deleteLabel = 'Delete';
export const noProfilesText = 'No profiles yet.';

/**
 * One of the two profile tables (spec 02 §2.2). Rows get a Delete button when `onDelete` is
 * given (the user's own profiles; whether organization profiles can be deleted is not shown).
 */
export function HubspotProfilesTable<Row extends { id: string }>({
  caption,
  rows,
  getProfile,
  loading,
  onDelete,
}: {
  caption: string;
  rows: readonly Row[];
  getProfile: (row: Row) => UserProfile;
  loading: boolean;
  onDelete?: (row: Row) => void;
}) {
  // Too narrow for all (ui/README.md, "Tables: one sizing rule"): the ids, then the hub domain,
  // fold into each row's details; who the profile is, its flags and Delete stay.
  const columns: TableColumn<Row>[] = [
    { ...idColumn(profileColumnHeaders.id), sizing: 'fixed' },
    {
      id: 'accountId',
      header: profileColumnHeaders.accountId,
      cell: (row) => getProfile(row).accountId,
      sizing: 'token',
      width: '100px',
      priority: 2,
    },
    {
      id: 'organizationId',
      header: profileColumnHeaders.organizationId,
      cell: (row) => getProfile(row).organizationId,
      sizing: 'token',
      width: '130px',
      priority: 3,
    },
    {
      id: 'account',
      header: profileColumnHeaders.account,
      cell: (row) => <WholeWords>{accountName(getProfile(row))}</WholeWords>,
      minWidth: '8rem',
    },
    {
      id: 'email',
      header: profileColumnHeaders.email,
      cell: (row) => getProfile(row).email,
      sizing: 'token',
      minWidth: '11rem',
    },
    {
      id: 'hubDomain',
      header: profileColumnHeaders.hubDomain,
      cell: (row) => getProfile(row).organizationDomain,
      sizing: 'token',
      minWidth: '9rem',
      priority: 1,
    },
    {
      id: 'approved',
      header: profileColumnHeaders.approved,
      cell: (row) => <ApprovedFlags flags={getProfile(row)} />,
      sizing: 'fixed',
      width: '180px',
    },
  ];
  if (onDelete) {
    columns.push({
      id: 'delete',
      header: profileColumnHeaders.delete,
      cell: (row) => (
        <CellButton $variant="danger" onClick={() => onDelete(row)}>
          {deleteLabel}
        </CellButton>
      ),
      sizing: 'actions',
    });
  }
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      loading={loading}
      emptyText={noProfilesText}
    />
  );
}
