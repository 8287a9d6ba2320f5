export { ALERT_INTERVAL_MS, circuitOpenedMail, createCircuitAlerts } from './circuit-alerts';
export { crmAlertModel, type CrmAlertModel } from './crm-alert.model';
export { endpointNoticeModel, type EndpointNoticeModel } from './endpoint-notice.model';
export { createEndpointNotices, type EndpointNotices } from './endpoint-notices';
export { defineDeliverSyncAlertsJob, startDeliverSyncAlerts } from './endpoint-notices.job';
export { createFailedEventsAlerts, failedEventsMail } from './failed-events-alerts';
export { defineFailedEventsAlertsJob, startFailedEventsAlerts } from './failed-events-alerts.job';
