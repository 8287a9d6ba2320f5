import { useEffect } from 'react';
import type { ApiKey, CrmProperty, PermissionSet, TaskType } from '@outsync/contracts/accounts';
import {
  fixedCategoriesOf,
  showsApiKey,
  type WebhookCategory,
  type WebhookFormKind,
  type WebhookFormValues,
} from '@outsync/contracts/webhooks';
import { useCrmProperties } from '../api/get-crm-properties';
import { useLeadCategories } from '../api/get-lead-categories';
import { usePermissionSets } from '../api/get-permission-sets';
import { useTaskTypes } from '../api/get-task-types';
import type { WebhookFormDispatch } from '../state/webhook-form-state';
import type { Choices } from './form-parts';

/** A webhook endpoint an 'Additional Endpoints' row may forward to. */
export interface EndpointAccount {
  id: string;
  description: string;
}

/** An API key as the 'API Key' select offers it. */
export type ApiKeyChoice = Pick<ApiKey, 'id' | 'description' | 'platform'>;

/** What the form's selects offer, read from the service for the form's profile. */
export interface WebhookFormData {
  properties: Choices<CrmProperty>;
  apiKeys: Choices<ApiKeyChoice>;
  categories: Choices<WebhookCategory>;
  userAccounts: Choices<EndpointAccount>;
  permissionSets: Choices<PermissionSet>;
  taskTypes: Choices<TaskType>;
}

/** Everything a part of the form reads and changes. */
export interface WebhookFormModel {
  kind: WebhookFormKind;
  userProfileId: string;
  values: WebhookFormValues;
  dispatch: WebhookFormDispatch;
  data: WebhookFormData;
}

const none: Choices<never> = { options: [], loading: false };

/**
 * The settings data the fields need (spec 01 §7 "Owners, accounts and settings data"), asked
 * only when a field shows it: CRM properties (of the chosen Salesforce object), the API key's
 * lead categories while filtered (bison: its fixed list), permission sets while custom fields
 * are on, task types once the log type is 1. A failed category load clears the API key and the
 * categories (spec 01 §4).
 */
export function useWebhookFormData({
  userProfileId,
  values,
  dispatch,
  apiKeys,
  userAccounts,
}: {
  userProfileId: string;
  values: WebhookFormValues;
  dispatch: WebhookFormDispatch;
  /** The owner's API keys, any platform: the API Key select offers those of the platform. */
  apiKeys: Choices<ApiKeyChoice>;
  userAccounts: Choices<EndpointAccount>;
}) {
  const salesforce = values.crm === 'SALESFORCE';
  const properties = useCrmProperties(
    userProfileId,
    salesforce ? values.salesforceObjectType : null,
  );
  const categoryKey =
    values.approvedEvents === 'filtered' && showsApiKey(values) ? values.apiKeyId : null;
  const categories = useLeadCategories(categoryKey);
  const permissionSets = usePermissionSets(userProfileId, {
    enabled: salesforce && values.createContactCustomProperties,
  });
  const taskTypes = useTaskTypes(userProfileId, { enabled: salesforce && values.logType === 1 });

  // Once the read has failed for good (not while it is asked again).
  const categoriesFailed = categories.isError && !categories.isFetching;
  useEffect(() => {
    if (categoriesFailed) dispatch({ type: 'categoriesLoadFailed' });
  }, [categoriesFailed, dispatch]);

  const fixedCategories = fixedCategoriesOf(values.emailService);
  const data: WebhookFormData = {
    properties: { options: properties.data ?? [], loading: properties.isPending },
    apiKeys: {
      options: apiKeys.options.filter((key) => key.platform === values.emailService),
      loading: apiKeys.loading,
    },
    categories: fixedCategories
      ? { options: fixedCategories, loading: false }
      : categoryKey === null
        ? none
        : {
            options: (categories.data ?? []).map(({ id, name }) => ({ id, name })),
            loading: categories.isFetching,
          },
    userAccounts,
    permissionSets: { options: permissionSets.data ?? [], loading: permissionSets.isFetching },
    taskTypes: { options: taskTypes.data ?? [], loading: taskTypes.isFetching },
  };
  return { data };
}
