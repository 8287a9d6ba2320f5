import {
  API_TOKEN_EXPIRY_DAYS,
  ApiTokenCreateRequestSchema,
  ApiTokenScopeSchema,
  type ApiTokenCreateRequest,
  type ApiTokenExpiryDays,
  type ApiTokenScope,
} from '@outsync/contracts/accounts';
import { Button } from '@outsync/ui';
import { SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { Dialog } from '@outsync/ui/overlay';
import { Select } from '@outsync/ui/select';
import { FormActions, StackedForm } from '../../../shared/components/screen-parts';
import { apiTokenExpiryLabel, apiTokenScopeLabels } from './api-token-labels';

/** The create dialog's texts (issue 34, item 5; ours). */
export const createApiTokenTexts = {
  title: 'Create token',
  name: 'Name',
  nameHelp: 'What the token is for, e.g. "Nightly CRM report".',
  scope: 'Access',
  scopeHelp:
    'Read only: the token can read your webhooks and history. Read and write: it can also change webhooks and retry events.',
  expiry: 'Expires after',
  cancel: 'Cancel',
  create: 'Create token',
} as const;

const t = createApiTokenTexts;

/** The form opens on the safer choice: read only, for 90 days. */
const defaultValues: ApiTokenCreateRequest = {
  name: '',
  scope: 'read-only',
  expiresInDays: 90,
};

/**
 * "Create token": a name, the scope (read only or read and write) and the lifetime (30, 90 or 365
 * days). The contract's schema checks it and shows its messages under the fields. `onSubmit`
 * sends it; a refusal's message is the caller's toast, and the dialog stays open.
 */
export function CreateApiTokenDialog({
  onSubmit,
  onClose,
}: {
  onSubmit: (body: ApiTokenCreateRequest) => Promise<void>;
  onClose: () => void;
}) {
  const form = useZodForm({ schema: ApiTokenCreateRequestSchema, defaultValues });
  return (
    <Dialog open onClose={onClose} title={t.title}>
      <StackedForm noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <TextField {...form.field('name')} label={t.name} help={t.nameHelp} autoComplete="off" />
        <Select<ApiTokenScope>
          label={t.scope}
          help={t.scopeHelp}
          options={ApiTokenScopeSchema.options}
          getOptionValue={(scope) => scope}
          getOptionLabel={(scope) => apiTokenScopeLabels[scope]}
          value={form.values.scope}
          onChange={(scope) => {
            if (scope) form.setValue('scope', scope);
          }}
          error={form.errors.scope}
        />
        <Select<ApiTokenExpiryDays>
          label={t.expiry}
          options={API_TOKEN_EXPIRY_DAYS}
          getOptionValue={(days) => String(days)}
          getOptionLabel={apiTokenExpiryLabel}
          value={form.values.expiresInDays}
          onChange={(days) => {
            if (days) form.setValue('expiresInDays', days);
          }}
          error={form.errors.expiresInDays}
        />
        <FormActions>
          <Button $variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <SubmitButton busy={form.submitting}>{t.create}</SubmitButton>
        </FormActions>
      </StackedForm>
    </Dialog>
  );
}
