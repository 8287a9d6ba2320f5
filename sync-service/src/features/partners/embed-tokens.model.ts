import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * How long an expired token's document stays after its expiry (MongoDB's TTL monitor removes it
 * then): meanwhile a request with it is told the token *expired*, which is the clearer message;
 * afterwards it is merely unknown. Either is a 401 that makes the module ask for a fresh token.
 */
export const EXPIRED_EMBED_TOKEN_KEPT_SECONDS = 3600;

/** A short-lived embed token: one partner, one customer, the webhook routes only. */
export type EmbedTokenDoc = {
  _id: Types.ObjectId;
  /** SHA-256 of the token, hex; the token itself is only ever in the partner's hands. */
  tokenHash: string;
  partnerId: Types.ObjectId;
  /** The customer the token acts for. */
  userId: Types.ObjectId;
  /** The partner key it was issued under: a token of an older key is refused. */
  keyCreatedAt: Date;
  expiresAt: Date;
};

const EmbedTokenSchema = new Schema<EmbedTokenDoc>(
  {
    tokenHash: { type: String, required: true, unique: true },
    partnerId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    keyCreatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, expires: EXPIRED_EMBED_TOKEN_KEPT_SECONDS },
  },
  { versionKey: false, collection: 'embedTokens' },
);

export type EmbedTokenModel = Model<EmbedTokenDoc>;

export function embedTokenModel(connection: Connection): EmbedTokenModel {
  return (
    (connection.models.EmbedToken as EmbedTokenModel | undefined) ??
    connection.model<EmbedTokenDoc>('EmbedToken', EmbedTokenSchema)
  );
}
