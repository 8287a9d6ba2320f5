export {
  ConnectorError,
  CONNECTOR_ERROR_CODES,
  SYSTEM_NAMES,
  isConnectorError,
  type ConnectorErrorCode,
  type ConnectorErrorInit,
  type ConnectorSystem,
} from './connector-error';
export {
  buildUrl,
  createHttpClient,
  type ClientTuning,
  type ConnectorFetch,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type QueryValue,
  type RequestSpec,
  type StaticAuth,
  type TokenAuth,
} from './http-client';
export { collectPages, type Page } from './paging';
export { REDACTED, redact } from './redact';
export { rollingWindowWait } from './rolling-window';
