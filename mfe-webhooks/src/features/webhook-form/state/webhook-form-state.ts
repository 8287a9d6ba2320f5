import { useReducer } from 'react';
import type { ActivityEventType, LogType, Platform } from '@outsync/contracts';
import {
  addEndpointRow,
  categoriesLoadFailed,
  changeApiKey,
  changeCustomFieldObjects,
  changeEndpointEventTypes,
  changeLogType,
  changeLookupMethod,
  changePlatform,
  chooseEndpointAccount,
  removeEndpointRow,
  type CustomFieldObject,
  type LookupMethod,
  type WebhookFormValues,
} from '@outsync/contracts/webhooks';

/**
 * The fields no rule of spec 01 §4 ties to another: a change sets the field and nothing else.
 * Every other change goes through its transition below (the contracts' rule functions).
 */
export type FreeField = Exclude<
  keyof WebhookFormValues,
  | 'crm'
  | 'emailService'
  | 'objectLookupMethod'
  | 'logType'
  | 'apiKeyId'
  | 'salesforceCustomFieldObjects'
  | 'endpoints'
>;

export type WebhookFormAction =
  | { type: 'set'; patch: Partial<Pick<WebhookFormValues, FreeField>> }
  | { type: 'emailService'; emailService: Platform }
  | { type: 'objectLookupMethod'; method: LookupMethod }
  | { type: 'logType'; logType: LogType }
  | { type: 'apiKey'; apiKeyId: string | null }
  | { type: 'categoriesLoadFailed' }
  | { type: 'salesforceCustomFieldObjects'; objects: CustomFieldObject[] }
  | { type: 'addEndpoint' }
  | { type: 'removeEndpoint'; index: number }
  | { type: 'endpointAccount'; index: number; userAccountId: string | null }
  | { type: 'endpointEventTypes'; index: number; eventTypes: ActivityEventType[] };

/** The form's values after one change, by the contracts' rules (never re-implemented here). */
export function webhookFormReducer(
  values: WebhookFormValues,
  action: WebhookFormAction,
): WebhookFormValues {
  switch (action.type) {
    case 'set':
      return { ...values, ...action.patch };
    case 'emailService':
      return changePlatform(values, action.emailService);
    case 'objectLookupMethod':
      return changeLookupMethod(values, action.method);
    case 'logType':
      return changeLogType(values, action.logType);
    case 'apiKey':
      return changeApiKey(values, action.apiKeyId);
    case 'categoriesLoadFailed':
      return categoriesLoadFailed(values);
    case 'salesforceCustomFieldObjects':
      return changeCustomFieldObjects(values, action.objects);
    case 'addEndpoint':
      return { ...values, endpoints: addEndpointRow(values.endpoints) };
    case 'removeEndpoint':
      return { ...values, endpoints: removeEndpointRow(values.endpoints, action.index) };
    case 'endpointAccount':
      return {
        ...values,
        endpoints: chooseEndpointAccount(values.endpoints, action.index, action.userAccountId).rows,
      };
    case 'endpointEventTypes':
      return {
        ...values,
        endpoints: changeEndpointEventTypes(values.endpoints, action.index, action.eventTypes),
      };
  }
}

/** The form's values and the dispatch of its changes. */
export function useWebhookFormState(initial: () => WebhookFormValues) {
  return useReducer(webhookFormReducer, undefined, initial);
}

export type WebhookFormDispatch = (action: WebhookFormAction) => void;
