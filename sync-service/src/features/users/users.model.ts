import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { RoleSchema, type Role } from '@outsync/contracts';

export type UserDoc = {
  _id: Types.ObjectId;
  /** Lower-case; unique. */
  email: string;
  /** Staff role; null for customer users. */
  role: Role | null;
  isPaidTier: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const UserSchema = new Schema<UserDoc>(
  {
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    role: { type: String, enum: [...RoleSchema.options, null], default: null },
    isPaidTier: { type: Boolean, required: true, default: false },
    createdAt: { type: Date, required: true },
    lastSignInAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'users' },
);

export type UserModel = Model<UserDoc>;

export function userModel(connection: Connection): UserModel {
  return connection.model<UserDoc>('User', UserSchema);
}
