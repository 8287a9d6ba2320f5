import { DEFAULT_PERMISSION_SET } from '@outsync/contracts';
import {
  CreateFieldsRequestSchema,
  CustomFieldObjectSchema,
  type PermissionSet,
} from '@outsync/contracts/accounts';
import type { CustomFieldObject } from '@outsync/contracts/webhooks';
import { Spinner, useToast } from '@outsync/ui';
import { BusyButton, CheckboxField } from '@outsync/ui/form';
import { MultiSelect, Select } from '@outsync/ui/select';
import { validationToast } from '@outsync/app-runtime';
import { useCreateFields } from '../api/create-fields';
import { InlineRow, labelOf } from './form-parts';
import type { WebhookFormModel } from './use-webhook-form-data';

/** Spec 01 §2.9, §2.10: the custom fields' texts. */
export const salesforceCustomFieldsTexts = {
  createCheckbox: 'Custom Fields',
  updateCheckbox: 'Custom fields',
  objects: 'Custom Field Objects',
  objectsPlaceholder: 'Select objects',
  permissions: 'Select Permissions',
  permissionsPlaceholder: 'Select a permission set',
  permissionsEmpty: 'No permission sets found',
  createFields: 'Create Fields',
  creating: 'Creating fields',
} as const;

const objects = CustomFieldObjectSchema.options;

/**
 * Salesforce custom fields: the checkbox, then the objects to carry OutSync's fields, the
 * permission set to grant them to ('System Administrator' until another is chosen) and 'Create
 * Fields', whose outcome the form keeps: saving with custom fields on needs it (spec 01 §4).
 */
export function SalesforceCustomFields({ form }: { form: WebhookFormModel }) {
  const { kind, userProfileId, values, dispatch, data } = form;
  const toast = useToast();
  const { create, pending } = useCreateFields();
  const texts = salesforceCustomFieldsTexts;
  const label = (text: string) => labelOf(kind, text);
  const permission =
    data.permissionSets.options.find((set) =>
      values.permissionSetId === null
        ? set.Name === DEFAULT_PERMISSION_SET
        : set.Id === values.permissionSetId,
    ) ?? null;

  const createFields = async () => {
    const request = CreateFieldsRequestSchema.safeParse({
      userProfileId,
      permissionId: permission?.Id ?? '',
      customFields: values.salesforceCustomFieldObjects,
    });
    if (!request.success) {
      toast.show(validationToast(request.error.issues[0]?.message ?? ''));
      return;
    }
    const created = await create(request.data);
    dispatch({ type: 'set', patch: { fieldsCreated: created } });
  };

  return (
    <>
      <CheckboxField
        label={kind === 'create' ? texts.createCheckbox : label(texts.updateCheckbox)}
        checked={values.createContactCustomProperties}
        onChange={(event) =>
          dispatch({ type: 'set', patch: { createContactCustomProperties: event.target.checked } })
        }
      />
      {values.createContactCustomProperties ? (
        <>
          <MultiSelect<CustomFieldObject>
            label={label(texts.objects)}
            placeholder={texts.objectsPlaceholder}
            options={objects}
            getOptionValue={(object) => object}
            getOptionLabel={(object) => object}
            value={values.salesforceCustomFieldObjects}
            onChange={(chosen) =>
              dispatch({ type: 'salesforceCustomFieldObjects', objects: chosen })
            }
          />
          <Select<PermissionSet>
            label={label(texts.permissions)}
            placeholder={texts.permissionsPlaceholder}
            searchable
            options={data.permissionSets.options}
            loading={data.permissionSets.loading}
            emptyText={texts.permissionsEmpty}
            getOptionValue={(set) => set.Id}
            getOptionLabel={(set) => set.Name}
            value={permission}
            onChange={(set) =>
              dispatch({ type: 'set', patch: { permissionSetId: set?.Id ?? null } })
            }
          />
          <InlineRow>
            <BusyButton variant="secondary" busy={pending} onClick={() => void createFields()}>
              {texts.createFields}
            </BusyButton>
            {pending ? <Spinner size="small" label={texts.creating} /> : null}
          </InlineRow>
        </>
      ) : null}
    </>
  );
}
