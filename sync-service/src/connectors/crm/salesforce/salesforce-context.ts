import type { HttpClient } from '../../http';

/** What every part of the client calls through: the org's HTTP client and its REST data path. */
export type SalesforceContext = {
  http: HttpClient;
  /** `/services/data/v62.0`: the API version of this client, without a trailing slash. */
  dataPath: string;
};
