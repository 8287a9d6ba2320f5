// The profiles module's public face: other modules import profiles only through this file.
export { profileModel, type ProfileDoc, type ProfileModel } from './profiles.model';
export {
  isStaff,
  mayAccessProfile,
  ownProfileIds,
  requireProfile,
  type ProfileAccess,
} from './profile-access';
