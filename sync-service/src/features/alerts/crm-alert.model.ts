import { Schema, type Connection, type Model } from 'mongoose';

/** When a CRM account's owner was last told its CRM is failing (one e-mail an hour at most). */
export type CrmAlertDoc = { _id: string; sentAt: Date };

const CrmAlertSchema = new Schema<CrmAlertDoc>(
  { _id: { type: String, required: true }, sentAt: { type: Date, required: true } },
  { collection: 'crmAlerts', versionKey: false },
);

export type CrmAlertModel = Model<CrmAlertDoc>;

export function crmAlertModel(connection: Connection): CrmAlertModel {
  return (
    (connection.models.CrmAlert as CrmAlertModel | undefined) ??
    connection.model<CrmAlertDoc>('CrmAlert', CrmAlertSchema)
  );
}
