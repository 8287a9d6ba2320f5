import { Schema, type Connection, type Model } from 'mongoose';

/** A CRM account's circuit (the pipeline's `AccountCircuit`), one document per account. */
export type CrmCircuitDoc = {
  /** The account: its profile id. */
  _id: string;
  /** Consecutive batches the CRM failed as a whole. */
  failures: number;
  firstFailureAt: Date;
  lastReason: string;
  /** Set while open. */
  openedAt: Date | null;
  nextProbeAt: Date | null;
};

const CrmCircuitSchema = new Schema<CrmCircuitDoc>(
  {
    _id: { type: String, required: true },
    failures: { type: Number, required: true },
    firstFailureAt: { type: Date, required: true },
    lastReason: { type: String, required: true },
    openedAt: { type: Date, default: null },
    nextProbeAt: { type: Date, default: null },
  },
  { collection: 'crmCircuits', versionKey: false },
);

export type CrmCircuitModel = Model<CrmCircuitDoc>;

export function crmCircuitModel(connection: Connection): CrmCircuitModel {
  return (
    (connection.models.CrmCircuit as CrmCircuitModel | undefined) ??
    connection.model<CrmCircuitDoc>('CrmCircuit', CrmCircuitSchema)
  );
}
