import { Schema, type Connection, type Model } from 'mongoose';

/** A writer's claim on a new CRM record (the pipeline's `CreateClaims`), one document per key. */
export type CrmCreateClaimDoc = {
  /** The CRM account, the object and the record's identity (a company's domain, a lead's e-mail). */
  _id: string;
  /** The writer that may create it. */
  holder: string;
  /** Until when the holder may create it; a holder that stopped loses it then. */
  until: Date;
  /** The record once created: the answer to later claims. */
  recordId: string | null;
  /** MongoDB removes the claim then (long enough for the CRM's search to see the record). */
  expiresAt: Date;
};

const CrmCreateClaimSchema = new Schema<CrmCreateClaimDoc>(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    until: { type: Date, required: true },
    recordId: { type: String, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'crmCreateClaims', versionKey: false },
);
CrmCreateClaimSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type CrmCreateClaimModel = Model<CrmCreateClaimDoc>;

export function crmCreateClaimModel(connection: Connection): CrmCreateClaimModel {
  return (
    (connection.models.CrmCreateClaim as CrmCreateClaimModel | undefined) ??
    connection.model<CrmCreateClaimDoc>('CrmCreateClaim', CrmCreateClaimSchema)
  );
}
