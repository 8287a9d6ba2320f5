import type { ChangeEvent, ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import {
  crmDisplayNames,
  logTypeLabels,
  platformFacts,
  PlatformSchema,
  writeModes,
  type LogType,
  type Platform,
} from '@outsync/contracts';
import { SalesforceObjectTypeSchema, type TaskType } from '@outsync/contracts/accounts';
import {
  type WebhookFormKind,
  type WebhookFormValues,
  type WebhookSwitch,
} from '@outsync/contracts/webhooks';
import { CheckboxField } from '@outsync/ui/form';
import { Disclosure } from '@outsync/ui/overlay';
import { Select } from '@outsync/ui/select';
import type { WebhookFormDispatch } from '../state/webhook-form-state';
import { AdditionalEndpointsFields } from './additional-endpoints-fields';
import { CategoryFilterFields } from './category-filter-fields';
import { CustomTaskSubjectField } from './custom-task-subject-field';
import { isSocialTool, labelOf, type Choices } from './form-parts';
import { LookupFields } from './lookup-fields';
import { PropertySelect } from './property-select';
import { SalesforceCustomFields } from './salesforce-custom-fields';
import {
  useWebhookFormData,
  type ApiKeyChoice,
  type EndpointAccount,
  type WebhookFormModel,
} from './use-webhook-form-data';

const salesforce = crmDisplayNames.SALESFORCE;

/** Spec 01 §2.7–2.10: the texts of the fields both forms share. */
export const webhookFieldsTexts = {
  platform: 'Sales Engagement Platform',
  platformPlaceholder: 'Select a platform',
  advanced: { closed: 'Display advanced settings', open: 'Hide advanced settings' },
  createOrUpdateCompany: 'Create or update company',
  customContactProperties: 'Custom contact properties',
  assignCompanyOwner: 'Assign company owner',
  assignContactOwner: 'Assign contact owner',
  createTask: 'Create task',
  logType: 'Log Type',
  taskType: 'Task Type',
  taskTypePlaceholder: 'Select a task type',
  taskTypesEmpty: 'No task types found',
  taskTypeNote: `Errors with the Task Type may come from missing ${salesforce} permissions; see the`,
  taskTypeGuide: 'troubleshooting guide',
  salesforceObject: `${salesforce} Object`,
  lookupIdFieldEnabled: 'Select CRM field for os_objectlookup_id',
  lookupIdField: 'CRM property for os_objectlookup_id',
  writeMode: `Upsert Or Update Only ${salesforce} Object`,
} as const;

/** Salesforce's own page on Task fields and who may see and edit them (the Type picklist). */
export const TASK_TYPE_TROUBLESHOOTING_URL =
  'https://help.salesforce.com/s/articleView?id=sf.task_fields.htm';

const platforms = PlatformSchema.options;
const logTypes: readonly LogType[] = [0, 1];
type WriteMode = (typeof writeModes)[number];

export interface WebhookFieldsProps {
  kind: WebhookFormKind;
  userProfileId: string;
  values: WebhookFormValues;
  dispatch: WebhookFormDispatch;
  /** The owner's API keys; the select offers those of the chosen platform. */
  apiKeys: Choices<ApiKeyChoice>;
  /** The profile's webhook endpoints, for the 'Additional Endpoints' rows. */
  userAccounts: Choices<EndpointAccount>;
  /** After a platform change (the create form then asks for a new code). */
  onPlatformChanged?: () => void;
}

/**
 * The fields of both forms from 'Sales Engagement Platform' to 'Category-based filter', in the
 * variant of the form's CRM (spec 01 §2.8, §2.9); the create form adds the owner before them
 * and the URL after, the settings dialog neither (§2.10).
 */
export function WebhookFields(props: WebhookFieldsProps) {
  const { kind, userProfileId, values, dispatch, apiKeys, userAccounts } = props;
  const { data } = useWebhookFormData({
    userProfileId,
    values,
    dispatch,
    apiKeys,
    userAccounts,
  });
  const form: WebhookFormModel = { kind, userProfileId, values, dispatch, data };

  const changePlatform = (platform: Platform) => {
    // Spec 01 §4 reloads the categories: the new platform's key is chosen anew (a key is one
    // platform's), and its categories are read when it is.
    dispatch({ type: 'emailService', emailService: platform });
    props.onPlatformChanged?.();
  };

  return (
    <>
      <Select<Platform>
        label={labelOf(kind, webhookFieldsTexts.platform)}
        placeholder={webhookFieldsTexts.platformPlaceholder}
        options={platforms}
        getOptionValue={(platform) => platform}
        getOptionLabel={(platform) => platformFacts[platform].displayName}
        value={values.emailService}
        onChange={(platform) => {
          if (platform && platform !== values.emailService) changePlatform(platform);
        }}
      />
      <LookupFields form={form} />
      {values.crm === 'HUBSPOT' ? <HubspotFields form={form} /> : <SalesforceFields form={form} />}
      <CategoryFilterFields form={form} />
    </>
  );
}

function AdvancedSettings({ children }: { children: ReactNode }) {
  return (
    <Disclosure labels={webhookFieldsTexts.advanced}>
      <AdvancedContent>{children}</AdvancedContent>
    </Disclosure>
  );
}

/** Spec 01 §2.8: company, custom properties, and the advanced owner, task and endpoint settings. */
function HubspotFields({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch } = form;
  const texts = webhookFieldsTexts;
  const label = (text: string) => labelOf(kind, text);
  const flag = (name: WebhookSwitch) => ({
    checked: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      dispatch({ type: 'set', patch: { [name]: event.target.checked } }),
  });
  // Spec 01 §2.10: the dialog shows the endpoints of a HubSpot webhook outside the advanced part.
  const endpoints = <AdditionalEndpointsFields form={form} />;

  return (
    <>
      <CheckboxField
        label={label(texts.createOrUpdateCompany)}
        disabled={isSocialTool(values.emailService)}
        {...flag('createOrUpdateCompany')}
      />
      <CheckboxField
        label={label(texts.customContactProperties)}
        {...flag('createContactCustomProperties')}
      />
      <AdvancedSettings>
        <CheckboxField label={label(texts.assignCompanyOwner)} {...flag('assignCompanyOwner')} />
        <CheckboxField label={label(texts.assignContactOwner)} {...flag('assignContactOwner')} />
        <CheckboxField label={label(texts.createTask)} {...flag('createOrUpdateTask')} />
        {kind === 'create' ? endpoints : null}
      </AdvancedSettings>
      {kind === 'update' ? endpoints : null}
    </>
  );
}

/** Spec 01 §2.9: custom fields, log and task type, object, write mode, subject, endpoints. */
function SalesforceFields({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch, data } = form;
  const texts = webhookFieldsTexts;
  const label = (text: string) => labelOf(kind, text);
  const task = values.logType === 1;
  const social = isSocialTool(values.emailService);

  return (
    <>
      <SalesforceCustomFields form={form} />
      <Select<LogType>
        label={label(texts.logType)}
        options={logTypes}
        getOptionValue={(logType) => logType}
        getOptionLabel={(logType) => logTypeLabels[logType]}
        value={values.logType}
        onChange={(logType) => {
          if (logType !== null) dispatch({ type: 'logType', logType });
        }}
      />
      {task ? <TaskTypeField form={form} /> : null}
      <Select<(typeof SalesforceObjectTypeSchema.options)[number]>
        label={label(texts.salesforceObject)}
        options={SalesforceObjectTypeSchema.options}
        getOptionValue={(object) => object}
        getOptionLabel={(object) => object}
        value={values.salesforceObjectType}
        onChange={(object) => {
          if (object) dispatch({ type: 'set', patch: { salesforceObjectType: object } });
        }}
      />
      {social ? null : (
        <>
          <CheckboxField
            label={label(texts.lookupIdFieldEnabled)}
            checked={values.objectLookupIdFieldEnabled}
            onChange={(event) =>
              dispatch({
                type: 'set',
                patch: { objectLookupIdFieldEnabled: event.target.checked },
              })
            }
          />
          {values.objectLookupIdFieldEnabled ? (
            <PropertySelect
              label={label(texts.lookupIdField)}
              properties={data.properties}
              value={values.objectLookupIdProperty}
              onChange={(name) =>
                dispatch({ type: 'set', patch: { objectLookupIdProperty: name } })
              }
            />
          ) : null}
        </>
      )}
      <Select<WriteMode>
        label={label(texts.writeMode)}
        options={writeModes}
        getOptionValue={(mode) => mode.label}
        getOptionLabel={(mode) => mode.label}
        value={
          writeModes.find((mode) => mode.salesforceOnlyUpdate === values.salesforceOnlyUpdate) ??
          null
        }
        onChange={(mode) => {
          if (mode)
            dispatch({ type: 'set', patch: { salesforceOnlyUpdate: mode.salesforceOnlyUpdate } });
        }}
      />
      {task ? <CustomTaskSubjectField form={form} /> : null}
      <AdvancedSettings>
        <AdditionalEndpointsFields form={form} />
      </AdvancedSettings>
    </>
  );
}

/**
 * 'Task Type' (log type 1): the org's task types, and the one chosen even before they are read
 * (the default 'Email', or 'Other' for the social tool). The social tool's note, and the
 * dialog's help, point to where a missing type or permission is put right.
 */
function TaskTypeField({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch, data } = form;
  const texts = webhookFieldsTexts;
  const { salesforceTaskType: taskType } = values;
  const known = data.taskTypes.options;
  const options =
    taskType === null || known.some((type) => type.value === taskType)
      ? known
      : [...known, { value: taskType, label: taskType }];
  const withNote = kind === 'update' || isSocialTool(values.emailService);
  return (
    <Select<TaskType>
      label={labelOf(kind, texts.taskType)}
      placeholder={texts.taskTypePlaceholder}
      searchable
      options={options}
      loading={data.taskTypes.loading}
      emptyText={texts.taskTypesEmpty}
      getOptionValue={(type) => type.value}
      getOptionLabel={(type) => type.label}
      value={options.find((type) => type.value === taskType) ?? null}
      onChange={(type) =>
        dispatch({ type: 'set', patch: { salesforceTaskType: type?.value ?? null } })
      }
      help={
        withNote ? (
          <>
            {texts.taskTypeNote}{' '}
            <a href={TASK_TYPE_TROUBLESHOOTING_URL} target="_blank" rel="noreferrer">
              {texts.taskTypeGuide}
            </a>
            .
          </>
        ) : undefined
      }
    />
  );
}

const AdvancedContent = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;
