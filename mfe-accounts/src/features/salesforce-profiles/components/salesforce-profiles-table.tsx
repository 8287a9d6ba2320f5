import type { SalesforceProfile } from '@outsync/contracts/accounts';
import { Table, type TableColumn } from '@outsync/ui/data';
import {
  CellBusyButton,
  CellButton,
  CellLines,
  CellNote,
  idColumn,
} from '../../../shared/components/screen-parts';

/** The table's texts (spec 02 §2.3; the connection state and empty text are ours). */
export const salesforceTableTexts = {
  caption: 'Salesforce Profiles',
  id: 'ID',
  domain: 'Domain',
  consumerKey: 'Consumer key',
  connect: 'Connect',
  reconnect: 'Reconnect',
  delete: 'Delete',
  notConnected: 'Not connected',
  connected: 'Connected',
  connectedAs: (who: string) => `Connected as ${who}`,
  empty: 'No Salesforce profiles yet.',
} as const;

/** ID, Domain, Consumer key, Connect, Delete; Connect says whether the profile is connected. */
export function SalesforceProfilesTable({
  profiles,
  loading,
  connectingId,
  onConnect,
  onDelete,
}: {
  profiles: readonly SalesforceProfile[];
  loading: boolean;
  /** The profile whose Connect is under way (the browser is about to leave). */
  connectingId: string | null;
  onConnect: (profile: SalesforceProfile) => void;
  onDelete: (profile: SalesforceProfile) => void;
}) {
  const t = salesforceTableTexts;
  // Too narrow for all (ui/README.md, "Tables: one sizing rule"): the consumer key folds into
  // each row's details; the org's domain, Connect and Delete stay.
  const columns: TableColumn<SalesforceProfile>[] = [
    { ...idColumn(t.id), sizing: 'fixed' },
    {
      id: 'domain',
      header: t.domain,
      cell: (row) => row.user.settings.domain,
      sizing: 'token',
      minWidth: '10rem',
    },
    {
      id: 'consumerKey',
      header: t.consumerKey,
      cell: (row) => row.user.settings.consumer_key,
      sizing: 'token',
      minWidth: '8rem',
      priority: 1,
    },
    {
      id: 'connect',
      header: t.connect,
      cell: (row) => (
        <CellLines>
          <CellBusyButton
            variant={row.isConnected ? 'secondary' : 'primary'}
            busy={connectingId === row.user.id}
            onClick={() => onConnect(row)}
          >
            {row.isConnected ? t.reconnect : t.connect}
          </CellBusyButton>
          <CellNote>
            {row.isConnected
              ? row.connectedAs
                ? t.connectedAs(row.connectedAs)
                : t.connected
              : t.notConnected}
          </CellNote>
        </CellLines>
      ),
      sizing: 'fixed',
      width: '200px',
    },
    {
      id: 'delete',
      header: t.delete,
      cell: (row) => (
        <CellButton $variant="danger" onClick={() => onDelete(row)}>
          {t.delete}
        </CellButton>
      ),
      sizing: 'actions',
    },
  ];
  return (
    <Table
      caption={t.caption}
      columns={columns}
      rows={profiles}
      getRowId={(row) => row.id}
      loading={loading}
      emptyText={t.empty}
    />
  );
}
