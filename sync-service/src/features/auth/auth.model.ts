import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** The one live sign-in code of an e-mail address; a new code replaces it. */
export type SignInCodeDoc = {
  _id: Types.ObjectId;
  email: string;
  /** HMAC-SHA256(AUTH_SECRET, salt ‖ email ‖ code), base64url. */
  codeHash: string;
  salt: string;
  createdAt: Date;
  /** MongoDB removes the document after this (TTL); lookups also compare with the clock. */
  expiresAt: Date;
  /** Guesses made, right or wrong; the fifth wrong one deletes the code. */
  attempts: number;
  usedAt: Date | null;
};

const SignInCodeSchema = new Schema<SignInCodeDoc>(
  {
    email: { type: String, required: true, unique: true },
    codeHash: { type: String, required: true },
    salt: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
    attempts: { type: Number, required: true, default: 0 },
    usedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'sign_in_codes' },
);

/** A signed-in browser. The cookie holds the token; only its SHA-256 is stored. */
export type SessionDoc = {
  _id: Types.ObjectId;
  tokenHash: string;
  userId: Types.ObjectId;
  createdAt: Date;
  expiresAt: Date;
  /** "Remember me": a 30-day cookie rather than a browser-session one. */
  persistent: boolean;
};

const SessionSchema = new Schema<SessionDoc>(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
    persistent: { type: Boolean, required: true },
  },
  { versionKey: false, collection: 'sessions' },
);

export type SignInCodeModel = Model<SignInCodeDoc>;
export type SessionModel = Model<SessionDoc>;

export function authModels(connection: Connection): {
  codes: SignInCodeModel;
  sessions: SessionModel;
} {
  return {
    codes: connection.model<SignInCodeDoc>('SignInCode', SignInCodeSchema),
    sessions: connection.model<SessionDoc>('Session', SessionSchema),
  };
}
