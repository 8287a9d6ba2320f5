import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A partner that embeds the webhook module in its own portal (issue 15). Its secret key is
 * never stored: only its SHA-256, and a prefix to tell keys apart in the admin's table.
 */
export type PartnerDoc = {
  _id: Types.ObjectId;
  name: string;
  /** Origins (scheme, host, port) whose pages may use the partner's embed tokens. */
  allowedOrigins: string[];
  /** Lower-case sign-in e-mails of the customers the partner may issue embed tokens for. */
  customerEmails: string[];
  /** SHA-256 of the secret key, hex. */
  keyHash: string;
  /** The key's first 12 characters (`osp_` and 8 random ones). */
  keyPrefix: string;
  /** When the current key was made; embed tokens carry it, so a rotation revokes them. */
  keyCreatedAt: Date;
  createdAt: Date;
};

const PartnerSchema = new Schema<PartnerDoc>(
  {
    name: { type: String, required: true },
    // Indexed: the CORS preflight asks whether any partner lists an origin.
    allowedOrigins: { type: [String], required: true, index: true },
    customerEmails: { type: [String], required: true },
    keyHash: { type: String, required: true, unique: true },
    keyPrefix: { type: String, required: true },
    keyCreatedAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'partners' },
);

export type PartnerModel = Model<PartnerDoc>;

export function partnerModel(connection: Connection): PartnerModel {
  return (
    (connection.models.Partner as PartnerModel | undefined) ??
    connection.model<PartnerDoc>('Partner', PartnerSchema)
  );
}
