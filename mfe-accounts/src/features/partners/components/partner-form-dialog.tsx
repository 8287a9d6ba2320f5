import { useState } from 'react';
import {
  PartnerRequestSchema,
  type Partner,
  type PartnerRequest,
} from '@outsync/contracts/accounts';
import { Button } from '@outsync/ui';
import { SubmitButton, TextareaField, TextField, useZodForm } from '@outsync/ui/form';
import { Dialog } from '@outsync/ui/overlay';
import { MultiSelect } from '@outsync/ui/select';
import { FormActions, StackedForm } from '../../../shared/components/screen-parts';

/** The add and edit dialog's texts (issue 15; ours). */
export const partnerFormTexts = {
  addTitle: 'Add partner',
  editTitle: 'Edit partner',
  name: 'Name',
  allowedOrigins: 'Allowed origins',
  allowedOriginsHelp: 'One per line, e.g. https://portal.example.com. Only these pages may embed.',
  customers: 'Customers',
  customersHelp: 'The users the partner may issue embed tokens for, by sign-in e-mail.',
  customersEmpty: 'No users found',
  add: 'Add partner',
  save: 'Save',
  cancel: 'Cancel',
} as const;

const t = partnerFormTexts;

/** The textarea's lines as the schema's array: one origin a line, blank lines ignored. */
function originsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * "Add partner" and "Edit partner": the name, the allowed origins (one a line) and the
 * customers, picked from the users' sign-in e-mails. The contract's schema checks the form and
 * shows its messages under the fields. `onSubmit` sends it; a refusal's message is the caller's
 * toast, and the dialog stays open to correct it.
 */
export function PartnerFormDialog({
  partner,
  signInEmails,
  signInEmailsLoading,
  onSubmit,
  onClose,
}: {
  /** The partner to edit; none to add one. */
  partner: Partner | null;
  /** The users' sign-in e-mails, the customers to choose from. */
  signInEmails: readonly string[];
  signInEmailsLoading: boolean;
  /** Sends the form; the caller closes the dialog once the service took it. */
  onSubmit: (body: PartnerRequest) => Promise<void>;
  onClose: () => void;
}) {
  const form = useZodForm({
    schema: PartnerRequestSchema,
    defaultValues: {
      name: partner?.name ?? '',
      allowedOrigins: partner?.allowedOrigins ?? [],
      customerEmails: partner?.customerEmails ?? [],
    },
  });
  // The textarea keeps what was typed (blank lines, spaces); the form holds its lines.
  const [originsText, setOriginsText] = useState(() => (partner?.allowedOrigins ?? []).join('\n'));
  // A customer the partner already has stays choosable even if the users list lacks it.
  const customerOptions = [
    ...new Set([...signInEmails, ...(partner?.customerEmails ?? [])]),
  ].sort();
  const origins = form.field('allowedOrigins');

  return (
    <Dialog open onClose={onClose} title={partner ? t.editTitle : t.addTitle}>
      <StackedForm noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <TextField {...form.field('name')} label={t.name} autoComplete="off" />
        <TextareaField
          name={origins.name}
          label={t.allowedOrigins}
          help={t.allowedOriginsHelp}
          value={originsText}
          onChange={(event) => {
            setOriginsText(event.target.value);
            form.setValue('allowedOrigins', originsOf(event.target.value));
          }}
          onBlur={origins.onBlur}
          error={origins.error}
          rows={3}
          spellCheck={false}
          autoComplete="off"
        />
        <MultiSelect<string>
          label={t.customers}
          help={t.customersHelp}
          options={customerOptions}
          getOptionValue={(email) => email}
          getOptionLabel={(email) => email}
          value={form.values.customerEmails}
          onChange={(emails) => form.setValue('customerEmails', emails)}
          error={form.errors.customerEmails}
          loading={signInEmailsLoading}
          emptyText={t.customersEmpty}
        />
        <FormActions>
          <Button $variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <SubmitButton busy={form.submitting}>{partner ? t.save : t.add}</SubmitButton>
        </FormActions>
      </StackedForm>
    </Dialog>
  );
}
