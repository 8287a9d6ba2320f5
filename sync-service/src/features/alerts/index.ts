export { ALERT_INTERVAL_MS, circuitOpenedMail, createCircuitAlerts } from './circuit-alerts';
export { crmAlertModel, type CrmAlertModel } from './crm-alert.model';
