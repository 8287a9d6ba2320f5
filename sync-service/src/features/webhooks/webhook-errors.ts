import { ErrorCodes, platformFacts, type Platform } from '@outsync/contracts';
import { WebhooksErrorCodes } from '@outsync/contracts/webhooks';
import { HttpError } from '../../platform/http/http-error';

export const webhookErrors = {
  notVisible: 'No such webhook, or it is not visible to you.',
  notOwner: "Only the webhook's owner or an admin can change it.",
  webhooksOff:
    'Webhooks are not enabled for this profile. Ask an admin to turn on Webhooks for it.',
  endpointsOff:
    'Additional endpoints are not enabled for this profile. Ask an admin to turn on Additional Webhooks for it.',
  codeNotYours: 'This webhook URL was not generated for you. Generate a new one.',
  codeTaken: 'This webhook URL is already in use. Generate a new one.',
  unknownEndpoint:
    "An additional endpoint is not one of this profile's webhook endpoints. Choose another account.",
  profileGone: "The webhook's profile no longer exists.",
} as const;

export function unknownApiKeyMessage(platform: Platform): string {
  return `The API key is not one of this profile's ${platformFacts[platform].displayName} keys. Choose another.`;
}

export const validationError = (message: string) =>
  new HttpError(400, ErrorCodes.validationError, message);

export const featureOff = (message: string) =>
  new HttpError(403, WebhooksErrorCodes.featureNotApproved, message);

export const codeUnavailable = (message: string) =>
  new HttpError(409, WebhooksErrorCodes.codeUnavailable, message);
