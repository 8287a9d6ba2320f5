import type { CrmOwner } from '@outsync/contracts/accounts';
import {
  applyWebhookSaveRules,
  firstBlockingProblem,
  taskTypeToCheck,
  webhookMessages,
  type WebhookFormKind,
  type WebhookSettings,
  type WebhookSettingsParsed,
} from '@outsync/contracts/webhooks';
import { Types } from 'mongoose';
import type { SessionUser } from '../../platform/http/types';
import type { ProfileDoc } from '../profiles';
import {
  codeUnavailable,
  featureOff,
  unknownApiKeyMessage,
  validationError,
  webhookErrors,
} from './webhook-errors';
import type { WebhooksServiceDeps } from './webhooks-service.types';

// The checks a create or an update passes before anything is stored. The rules themselves come
// from `@outsync/contracts/webhooks`; what is here is what only the server can know.

export type WebhookSaveDeps = Pick<
  WebhooksServiceDeps,
  | 'webhooks'
  | 'apiKeys'
  | 'codes'
  | 'crmOwners'
  | 'validateTaskType'
  | 'userAccountsOfProfile'
  | 'customFieldObjectsCreatedOf'
>;

/** SALESFORCE: 'Create Fields' succeeded on this profile for every object chosen. */
async function customFieldsCreated(
  deps: Pick<WebhookSaveDeps, 'customFieldObjectsCreatedOf'>,
  profile: ProfileDoc,
  input: WebhookSettingsParsed,
): Promise<boolean> {
  const wanted = input.salesforceCustomFieldObjects ?? [];
  if (profile.crm !== 'SALESFORCE' || wanted.length === 0) return false;
  const created = await deps.customFieldObjectsCreatedOf(profile._id.toString());
  return wanted.every((object) => created.includes(object));
}

/**
 * The checks both forms share, in the spec's order, then the save rules: the settings to
 * store. A profile without Webhooks is refused before anything is read from the body.
 */
export async function settle(
  deps: Pick<WebhookSaveDeps, 'customFieldObjectsCreatedOf'>,
  profile: ProfileDoc,
  input: WebhookSettingsParsed & { selectedOwner?: CrmOwner | null },
  form: WebhookFormKind,
): Promise<WebhookSettings> {
  if (!profile.canWebhook) throw featureOff(webhookErrors.webhooksOff);
  const problem = firstBlockingProblem(input, {
    crm: profile.crm,
    form,
    customFieldsCreated: await customFieldsCreated(deps, profile, input),
  });
  if (problem) throw validationError(problem);
  return applyWebhookSaveRules(profile.crm, input);
}

/** What the settings point at must be the profile's own, and what the CRM must have. */
export async function checkReferences(
  deps: Pick<WebhookSaveDeps, 'apiKeys' | 'userAccountsOfProfile' | 'validateTaskType'>,
  user: SessionUser,
  profile: ProfileDoc,
  settings: WebhookSettings,
): Promise<void> {
  const profileId = profile._id.toString();
  if (settings.apiKeyId) {
    const isOwnKey = await deps.apiKeys.isKeyOfProfile(
      settings.apiKeyId,
      profile._id,
      settings.emailService,
    );
    if (!isOwnKey) throw validationError(unknownApiKeyMessage(settings.emailService));
  }
  if (settings.additionalEndpoints.length > 0) {
    if (!profile.canUserAccount) throw featureOff(webhookErrors.endpointsOff);
    const accounts = new Set(
      (await deps.userAccountsOfProfile(profileId, user)).map((account) => account.id),
    );
    if (settings.additionalEndpoints.some((row) => !accounts.has(row.userAccountId))) {
      throw validationError(webhookErrors.unknownEndpoint);
    }
  }
  const taskType = taskTypeToCheck(profile.crm, settings);
  if (taskType) {
    const check = await deps.validateTaskType(user, { userProfileId: profileId, taskType });
    if (!check.success) throw validationError(check.message);
  }
}

/** The chosen owner as the CRM lists it: HubSpot's by e-mail, Salesforce's by id (spec 01 §9). */
export async function resolveOwner(
  deps: Pick<WebhookSaveDeps, 'crmOwners'>,
  user: SessionUser,
  profile: ProfileDoc,
  chosen: CrmOwner,
): Promise<CrmOwner> {
  const owners = await deps.crmOwners(user, profile._id.toString(), profile.crm);
  let match: CrmOwner | undefined;
  if (profile.crm === 'HUBSPOT') {
    const email = chosen.email.trim().toLowerCase();
    const sameEmail = owners.filter((owner) => email !== '' && owner.email.toLowerCase() === email);
    match = sameEmail.find((owner) => owner.id === chosen.id) ?? sameEmail[0];
  } else {
    match = owners.find((owner) => owner.id === chosen.id);
  }
  if (!match) throw validationError(webhookMessages.owner);
  return match;
}

export async function requireUsableCode(
  deps: Pick<WebhookSaveDeps, 'codes' | 'webhooks'>,
  user: SessionUser,
  code: string,
): Promise<void> {
  if (!deps.codes.wasGeneratedFor(code, user.id)) {
    throw codeUnavailable(webhookErrors.codeNotYours);
  }
  if (await deps.webhooks.exists({ code })) throw codeUnavailable(webhookErrors.codeTaken);
}

/** The settings as the model stores them: ids as ObjectIds. */
export function storedSettings(settings: WebhookSettings) {
  const { apiKeyId, additionalEndpoints, ...rest } = settings;
  return {
    ...rest,
    apiKeyId: apiKeyId ? new Types.ObjectId(apiKeyId) : null,
    additionalEndpoints: additionalEndpoints.map((row) => ({
      userAccountId: new Types.ObjectId(row.userAccountId),
      eventTypes: row.eventTypes,
    })),
  };
}
