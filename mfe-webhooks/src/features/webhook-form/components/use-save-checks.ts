import { useCallback } from 'react';
import {
  WebhookSettingsInputSchema,
  taskTypeToCheck,
  webhookBodyFromForm,
  webhookProblems,
  type WebhookFormKind,
  type WebhookFormValues,
} from '@outsync/contracts/webhooks';
import { useToast } from '@outsync/ui';
import { validationToast } from '@outsync/app-runtime';
import { useValidateTaskType } from '../api/validate-task-type';

/**
 * The checks before a save (spec 01 §5): the contracts' `webhookProblems` over the body the
 * form sends. The first problem that blocks stops the save with its 'Validation' warning; the
 * one that does not ('Select Object Lookup Field') is shown and the save goes on. Then, for the
 * social tool writing Salesforce tasks, the task type is checked with the org. Resolves whether
 * the save may go on.
 */
export function useSaveChecks(userProfileId: string) {
  const toast = useToast();
  const validateTaskType = useValidateTaskType();
  return useCallback(
    async (values: WebhookFormValues, form: WebhookFormKind): Promise<boolean> => {
      const body = WebhookSettingsInputSchema.safeParse(webhookBodyFromForm(values));
      if (!body.success) {
        toast.show(validationToast(body.error.issues[0]?.message ?? ''));
        return false;
      }
      const problems = webhookProblems(
        { ...body.data, selectedOwner: values.owner },
        { crm: values.crm, form, customFieldsCreated: values.fieldsCreated },
      );
      const blocking = problems.find((problem) => problem.blocking);
      if (blocking) {
        toast.show(validationToast(blocking.message));
        return false;
      }
      for (const warning of problems) toast.show(validationToast(warning.message));
      const taskType = taskTypeToCheck(values.crm, body.data);
      if (taskType) return validateTaskType({ userProfileId, taskType });
      return true;
    },
    [toast, validateTaskType, userProfileId],
  );
}
