import { useState } from 'react';
import styled from 'styled-components';
import type { Partner, PartnerRequest } from '@outsync/contracts/accounts';
import { Button, useToast, theme } from '@outsync/ui';
import { Table, type TableColumn } from '@outsync/ui/data';
import { ConfirmOnDemand } from '@outsync/ui/overlay';
import { CellButton, MutedText, ScreenSection } from '../../../shared/components/screen-parts';
import { useCreatePartner } from '../api/create-partner';
import { useDeletePartner } from '../api/delete-partner';
import { usePartners } from '../api/get-partners';
import { useRotatePartnerKey } from '../api/rotate-partner-key';
import { useUpdatePartner } from '../api/update-partner';
import { CreatedCell, CustomersCell, KeyCell, OriginsCell } from './partner-cells';
import { PartnerFormDialog } from './partner-form-dialog';
import { PartnerKeyDialog } from './partner-key-dialog';

/** The section's texts (issue 15; ours). */
export const partnersTexts = {
  title: 'Partners',
  intro:
    'Partners embed the webhooks module in their own portals: their server trades the partner key for short-lived embed tokens for the customers listed here.',
  add: 'Add partner',
  name: 'Name',
  allowedOrigins: 'Allowed origins',
  customers: 'Customers',
  key: 'Key',
  created: 'Created',
  actions: 'Actions',
  edit: 'Edit',
  rotate: 'Rotate key',
  delete: 'Delete',
  empty: 'No partners yet.',
  added: (name: string) => `Added partner ${name}`,
  updated: (name: string) => `Updated partner ${name}`,
  rotated: (name: string) => `Rotated the key of ${name}`,
  deleted: (name: string) => `Deleted partner ${name}`,
  rotateTitle: (name: string) => `Rotate the key of ${name}?`,
  rotateText: 'The old key and its embed tokens stop working at once.',
  deleteTitle: (name: string) => `Do you want to delete ${name}?`,
  deleteText: 'Its key and embed tokens stop working at once.',
} as const;

const t = partnersTexts;

/** Which form is open: adding (`partner: null`) or editing one. */
type FormState = { partner: Partner | null } | null;

/**
 * The partner accounts (issue 15), at the bottom of the Users screen for admins: the table, the
 * add and edit form, key rotation and deletion. A secret key is shown once, after create or
 * rotate, and kept only while its dialog is open.
 */
export function PartnersSection({
  signInEmails,
  signInEmailsLoading,
}: {
  /** The users' sign-in e-mails: the customers a partner may be given. */
  signInEmails: readonly string[];
  signInEmailsLoading: boolean;
}) {
  const toast = useToast();
  const partners = usePartners();
  const create = useCreatePartner();
  const update = useUpdatePartner();
  const rotate = useRotatePartnerKey();
  const deleting = useDeletePartner();
  const [form, setForm] = useState<FormState>(null);
  const [toRotate, setToRotate] = useState<Partner | null>(null);
  const [toDelete, setToDelete] = useState<Partner | null>(null);
  const [shownKey, setShownKey] = useState<{ partnerName: string; apiKey: string } | null>(null);

  // A refusal rejects: its toast is the service's message (the mutations' meta), and the form
  // stays open to correct it.
  const save = async (editing: Partner | null, body: PartnerRequest) => {
    if (editing) {
      const updated = await update.mutateAsync({ id: editing.id, body }).catch(() => null);
      if (!updated) return;
      setForm(null);
      toast.show({ severity: 'success', detail: t.updated(updated.name) });
      return;
    }
    const created = await create.mutateAsync(body).catch(() => null);
    if (!created) return;
    setForm(null);
    toast.show({ severity: 'success', detail: t.added(created.name) });
    setShownKey({ partnerName: created.name, apiKey: created.apiKey });
  };

  const confirmRotate = async (partner: Partner) => {
    const rotated = await rotate.mutateAsync(partner.id);
    setToRotate(null);
    toast.show({ severity: 'success', detail: t.rotated(rotated.name) });
    setShownKey({ partnerName: rotated.name, apiKey: rotated.apiKey });
  };

  const confirmDelete = async (partner: Partner) => {
    await deleting.mutateAsync(partner.id);
    setToDelete(null);
    toast.show({ severity: 'success', detail: t.deleted(partner.name) });
  };

  const closeKey = () => {
    setShownKey(null);
    // The mutations' last answers hold the key too: drop them with it.
    create.reset();
    rotate.reset();
  };

  // Sized by ui/README.md, "Tables: one sizing rule"; too narrow for all, the creation date,
  // then the key, fold into each row's details.
  const columns: TableColumn<Partner>[] = [
    {
      id: 'name',
      header: t.name,
      cell: (partner) => partner.name,
      rowHeader: true,
      width: '180px',
      minWidth: '8rem',
      wrap: true,
    },
    {
      id: 'allowedOrigins',
      header: t.allowedOrigins,
      cell: (partner) => <OriginsCell partner={partner} />,
      width: '230px',
      minWidth: '9rem',
    },
    {
      id: 'customers',
      header: t.customers,
      cell: (partner) => <CustomersCell partner={partner} />,
      width: '240px',
      minWidth: '9rem',
    },
    {
      id: 'key',
      header: t.key,
      cell: (partner) => <KeyCell partner={partner} />,
      sizing: 'fixed',
      width: '130px',
      priority: 2,
    },
    {
      id: 'created',
      header: t.created,
      cell: (partner) => <CreatedCell partner={partner} />,
      sizing: 'fixed',
      width: '110px',
      priority: 1,
    },
    {
      id: 'actions',
      header: t.actions,
      cell: (partner) => (
        <RowActions>
          <CellButton $variant="secondary" onClick={() => setForm({ partner })}>
            {t.edit}
          </CellButton>
          <CellButton $variant="secondary" onClick={() => setToRotate(partner)}>
            {t.rotate}
          </CellButton>
          <CellButton $variant="danger" onClick={() => setToDelete(partner)}>
            {t.delete}
          </CellButton>
        </RowActions>
      ),
      // Two lines of buttons: the name keeps its room.
      sizing: 'actions',
      width: '200px',
    },
  ];

  return (
    <ScreenSection
      title={t.title}
      actions={<Button onClick={() => setForm({ partner: null })}>{t.add}</Button>}
    >
      <MutedText>{t.intro}</MutedText>
      <Table
        caption={t.title}
        captionHidden
        columns={columns}
        rows={partners.data ?? []}
        getRowId={(partner) => partner.id}
        loading={partners.isPending}
        emptyText={t.empty}
      />
      {form ? (
        <PartnerFormDialog
          partner={form.partner}
          signInEmails={signInEmails}
          signInEmailsLoading={signInEmailsLoading}
          onSubmit={(body) => save(form.partner, body)}
          onClose={() => setForm(null)}
        />
      ) : null}
      {shownKey ? <PartnerKeyDialog {...shownKey} onDone={closeKey} /> : null}
      <ConfirmOnDemand
        open={toRotate !== null}
        title={toRotate ? t.rotateTitle(toRotate.name) : ''}
        text={t.rotateText}
        confirmVariant="danger"
        onCancel={() => setToRotate(null)}
        onConfirm={() => (toRotate ? confirmRotate(toRotate) : undefined)}
      />
      <ConfirmOnDemand
        open={toDelete !== null}
        title={toDelete ? t.deleteTitle(toDelete.name) : ''}
        text={t.deleteText}
        confirmVariant="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => (toDelete ? confirmDelete(toDelete) : undefined)}
      />
    </ScreenSection>
  );
}

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;
