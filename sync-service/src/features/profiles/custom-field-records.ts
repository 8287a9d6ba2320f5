import { Types } from 'mongoose';
import type { CustomFieldObject, ProfileDoc } from './profiles.model';
import type { ProfilesServiceDeps } from './profiles-service.types';

// Which objects 'Create Fields' succeeded for on a Salesforce profile: the webhook form lets
// the custom-field settings be chosen only for those.

export type CustomFieldRecordDeps = Pick<ProfilesServiceDeps, 'profiles'>;

/** SALESFORCE: records that 'Create Fields' succeeded for `objects` on the profile. */
export async function recordCustomFieldsCreated(
  deps: CustomFieldRecordDeps,
  profileId: string,
  objects: readonly CustomFieldObject[],
): Promise<void> {
  if (!Types.ObjectId.isValid(profileId) || objects.length === 0) return;
  await deps.profiles.updateOne(
    { _id: profileId },
    { $addToSet: { customFieldObjectsCreated: { $each: [...objects] } } },
  );
}

/** The objects 'Create Fields' succeeded for on the profile; none when it is gone. */
export async function customFieldObjectsCreatedOf(
  deps: CustomFieldRecordDeps,
  profileId: string,
): Promise<CustomFieldObject[]> {
  if (!Types.ObjectId.isValid(profileId)) return [];
  const doc = await deps.profiles
    .findById(profileId, { customFieldObjectsCreated: 1 })
    .lean<Pick<ProfileDoc, 'customFieldObjectsCreated'>>();
  // Profiles stored before the record existed have no field: nothing recorded.
  return doc?.customFieldObjectsCreated ?? [];
}
