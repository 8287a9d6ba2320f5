export { ALERT_INTERVAL_MS, circuitOpenedMail, createCircuitAlerts } from './circuit-alerts';
export { crmAlertModel, type CrmAlertModel } from './crm-alert.model';
export { createFailedEventsAlerts, failedEventsMail } from './failed-events-alerts';
export { defineFailedEventsAlertsJob, startFailedEventsAlerts } from './failed-events-alerts.job';
