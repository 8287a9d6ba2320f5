import type { Role } from '@outsync/contracts';
import {
  AdminUserUpdateRequestSchema,
  userUpdatedMessage,
  type AdminUserRow,
} from '@outsync/contracts/accounts';
import { Button, useToast, theme } from '@outsync/ui';
import { CheckboxField, SubmitButton, useZodForm } from '@outsync/ui/form';
import { Dialog } from '@outsync/ui/overlay';
import { Select } from '@outsync/ui/select';
import styled from 'styled-components';
import { approvedFlagLabels } from '../../../shared/components/profile-cells';
import { FormActions, MutedText, StackedForm } from '../../../shared/components/screen-parts';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { roleLabel } from './role-labels';

/** The dialog's texts (spec 02 §2.8; the role, plan and note are issue 9's). */
export const updateUserTexts = {
  title: 'Update User',
  role: 'Role',
  paidPlan: 'Paid plan',
  noProfile: 'This user has no connected profile: the flags apply once one is connected.',
  cancel: 'Cancel',
  update: 'Update',
} as const;

interface RoleOption {
  role: Role | null;
}

const roleOptions: RoleOption[] = [{ role: null }, { role: 'MANAGER' }, { role: 'ADMIN' }];

/**
 * "Update User" (spec 02 §2.8, issue 9): the profile's three flags, and its owner's role and paid
 * plan. A row without a profile has no flags to change.
 */
export function UpdateUserDialog({ row, onClose }: { row: AdminUserRow; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateAdminUser();
  const form = useZodForm({
    schema: AdminUserUpdateRequestSchema,
    defaultValues: {
      canWebhook: row.canWebhook,
      canUserAccount: row.canUserAccount,
      canBlockList: row.canBlockList,
      role: row.role,
      isPaidTier: row.isPaidTier,
    },
  });
  const withProfile = row.profile !== null;
  const role = form.values.role ?? null;

  return (
    <Dialog open onClose={onClose} title={updateUserTexts.title} description={row.email} size="sm">
      <StackedForm
        noValidate
        onSubmit={form.handleSubmit(async (body) => {
          const updated = await update.mutateAsync({ id: row.id, body }).catch(() => null);
          if (!updated) return;
          toast.show({ severity: 'success', detail: userUpdatedMessage(updated.email) });
          onClose();
        })}
      >
        <Flags>
          <CheckboxField
            {...form.field('canWebhook')}
            label={approvedFlagLabels.canWebhook}
            disabled={!withProfile}
          />
          <CheckboxField
            {...form.field('canUserAccount')}
            label={approvedFlagLabels.canUserAccount}
            disabled={!withProfile}
          />
          <CheckboxField
            {...form.field('canBlockList')}
            label={approvedFlagLabels.canBlockList}
            disabled={!withProfile}
          />
          {withProfile ? null : <MutedText>{updateUserTexts.noProfile}</MutedText>}
        </Flags>
        <Select<RoleOption>
          label={updateUserTexts.role}
          options={roleOptions}
          getOptionValue={(option) => option.role ?? 'CUSTOMER'}
          getOptionLabel={(option) => roleLabel(option.role)}
          value={roleOptions.find((option) => option.role === role) ?? null}
          onChange={(option) => form.setValue('role', option?.role ?? null)}
        />
        <CheckboxField
          name="isPaidTier"
          label={updateUserTexts.paidPlan}
          checked={form.values.isPaidTier === true}
          onChange={(event) => form.setValue('isPaidTier', event.target.checked)}
        />
        <FormActions>
          <Button $variant="secondary" onClick={onClose}>
            {updateUserTexts.cancel}
          </Button>
          <SubmitButton busy={form.submitting}>{updateUserTexts.update}</SubmitButton>
        </FormActions>
      </StackedForm>
    </Dialog>
  );
}

const Flags = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
`;
