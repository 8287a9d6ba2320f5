import { SalesforceProfileCreateRequestSchema } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { PasswordField, SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { validationToast } from '@outsync/app-runtime';
import {
  FormActions,
  FieldGrid,
  ScreenSection,
  StackedForm,
} from '../../../shared/components/screen-parts';
import { useCreateSalesforceProfile } from '../api/create-salesforce-profile';

/** The create form's texts (spec 02 §2.3; the section title, placeholder and toast are ours). */
export const salesforceFormTexts = {
  title: 'Add Salesforce Profile',
  domain: 'Domain',
  domainPlaceholder: 'https://mycompany.my.salesforce.com',
  consumerKey: 'Consumer Key',
  consumerSecret: 'Consumer Secret',
  create: 'Create',
  created: 'Salesforce profile created',
} as const;

const emptyForm = { domain: '', consumer_key: '', consumer_secret: '' };

/**
 * Domain, Consumer Key, Consumer Secret and Create. Checked in the spec's order by the contract's
 * rule (the service applies the same one); the domain is sent trimmed, with https:// added.
 */
export function SalesforceProfileForm() {
  const toast = useToast();
  const create = useCreateSalesforceProfile();
  const form = useZodForm({
    schema: SalesforceProfileCreateRequestSchema,
    defaultValues: emptyForm,
    onInvalid: (_errors, message) => toast.show(validationToast(message)),
  });

  return (
    <ScreenSection title={salesforceFormTexts.title}>
      {/* noValidate: the spec's toasts tell what is missing, not the browser's bubbles. */}
      <StackedForm
        noValidate
        onSubmit={form.handleSubmit(async (profile) => {
          const created = await create.mutateAsync(profile).catch(() => null);
          if (!created) return;
          toast.show({ severity: 'success', detail: salesforceFormTexts.created });
          form.reset(emptyForm);
        })}
      >
        {/* Columns wide enough for the domain's example placeholder, whole (issue 31). */}
        <FieldGrid $minColumn="20rem">
          <TextField
            {...form.field('domain')}
            label={salesforceFormTexts.domain}
            placeholder={salesforceFormTexts.domainPlaceholder}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            {...form.field('consumer_key')}
            label={salesforceFormTexts.consumerKey}
            autoComplete="off"
            spellCheck={false}
          />
          <PasswordField
            {...form.field('consumer_secret')}
            label={salesforceFormTexts.consumerSecret}
            autoComplete="off"
          />
        </FieldGrid>
        <FormActions>
          <SubmitButton busy={form.submitting}>{salesforceFormTexts.create}</SubmitButton>
        </FormActions>
      </StackedForm>
    </ScreenSection>
  );
}
