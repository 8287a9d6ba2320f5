// Typed clients for the external systems (ARCHITECTURE.md §3), over one ky-based HTTP helper.
export * from './http';
export * as hubspot from './crm/hubspot';
export * as salesforce from './crm/salesforce';
export * from './platforms';
