import { crmDisplayNames } from '@outsync/contracts';
import { lookupMethodOptions } from '@outsync/contracts/webhooks';
import { Select } from '@outsync/ui/select';
import { isSocialTool, labelOf } from './form-parts';
import { PropertySelect } from './property-select';
import type { WebhookFormModel } from './use-webhook-form-data';

/** Spec 01 §2.7–2.10: the lookup fields' texts ([CRM] is the CRM's display name). */
export const lookupFieldsTexts = {
  method: 'Object lookup method',
  methodHelp: (crm: string) =>
    `This is the standard property included with every event from your Sales Engagement Platform. We will map this to the default property in ${crm} when searching for contacts.`,
  selection: 'Object lookup selection',
  selectionHelp: (crm: string) =>
    `Select the unique ${crm} property to search contacts by. You must include a custom field in your Sales Engagement Platform called os_objectlookup_id for every lead.`,
  hubspotProfileUrl: 'Profile URL',
  hubspotEmail: 'Email',
  socialProfileProperty: 'Social Profile Property',
  emailProperty: 'Email Property',
  profileUrlHelp: 'It will be populated with the social profile URL when creating contacts.',
  emailHelp: 'Optional: a fallback to find prospects by e-mail.',
} as const;

type MethodOption = ReturnType<typeof lookupMethodOptions>[number];

/**
 * 'Object lookup method', 'Object lookup selection' (a method other than the default) and the
 * social tool's profile and e-mail properties: on HubSpot, Profile URL for the default and the
 * optional alternative method and Email for the latter (spec 01 §2.8, §2.10); on Salesforce,
 * both whatever the method (§2.9), since the save rules keep both for it.
 */
export function LookupFields({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch, data } = form;
  const crm = crmDisplayNames[values.crm];
  const label = (text: string) => labelOf(kind, text);
  const options = lookupMethodOptions(values.emailService);
  const social = isSocialTool(values.emailService);
  const hubspot = values.crm === 'HUBSPOT';
  const method = values.objectLookupMethod;
  const showsProfileUrl = social && (!hubspot || method !== 'AlternativeProperty');
  const showsEmail = social && (!hubspot || method === 'OptionalAlternativeProperty');
  const texts = lookupFieldsTexts;
  const createHubspot = hubspot && kind === 'create';

  return (
    <>
      <Select<MethodOption>
        label={label(texts.method)}
        help={texts.methodHelp(crm)}
        options={options}
        getOptionValue={(option) => option.value}
        getOptionLabel={(option) => option.label}
        value={options.find((option) => option.value === method) ?? null}
        onChange={(option) => {
          if (option) dispatch({ type: 'objectLookupMethod', method: option.value });
        }}
      />
      {method !== 'default' ? (
        <PropertySelect
          label={label(texts.selection)}
          help={texts.selectionHelp(crm)}
          properties={data.properties}
          value={values.lookupProperty}
          onChange={(name) => dispatch({ type: 'set', patch: { lookupProperty: name } })}
        />
      ) : null}
      {showsProfileUrl ? (
        <PropertySelect
          label={label(createHubspot ? texts.hubspotProfileUrl : texts.socialProfileProperty)}
          help={texts.profileUrlHelp}
          properties={data.properties}
          value={values.profileUrlProperty}
          onChange={(name) => dispatch({ type: 'set', patch: { profileUrlProperty: name } })}
        />
      ) : null}
      {showsEmail ? (
        <PropertySelect
          label={label(createHubspot ? texts.hubspotEmail : texts.emailProperty)}
          help={texts.emailHelp}
          properties={data.properties}
          value={values.emailProperty}
          onChange={(name) => dispatch({ type: 'set', patch: { emailProperty: name } })}
        />
      ) : null}
    </>
  );
}
