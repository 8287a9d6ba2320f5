import { randomBytes, randomUUID } from 'node:crypto';
import { nowIso } from '../core/http.ts';
import {
  HUBSPOT_DEMO_APP_ID,
  HUBSPOT_DEMO_CLIENT_ID,
  HUBSPOT_DEMO_CLIENT_SECRET,
  HUBSPOT_DEMO_HUB_DOMAIN,
  HUBSPOT_DEMO_HUB_ID,
  HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
  HUBSPOT_SECOND_HUB_DOMAIN,
  HUBSPOT_SECOND_HUB_ID,
  HUBSPOT_SECOND_PRIVATE_APP_TOKEN,
} from '../demo-constants.ts';
import { HubspotStore } from './hubspot-store.ts';

/** One HubSpot account ("portal", "hub"): its id, domain, data and private-app token. */
export interface HubspotPortal {
  hubId: number;
  hubDomain: string;
  name: string;
  /** A private-app token with every scope; it never expires. */
  privateAppToken: string;
  store: HubspotStore;
  createdAt: string;
}

/** A public app's OAuth client; the demo client takes any http(s) redirect. */
export interface HubspotApp {
  appId: number;
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUrls: string[];
  createdAt: string;
}

/**
 * The portals the sandbox holds. The demo and second portals always exist (so their
 * credentials stay valid after `/_reset`); `POST /_sandbox/hubspot/portals` adds more.
 */
export class HubspotPortals {
  private readonly portals = new Map<number, HubspotPortal>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.portals.clear();
    this.add({
      hubId: HUBSPOT_DEMO_HUB_ID,
      hubDomain: HUBSPOT_DEMO_HUB_DOMAIN,
      name: 'OutSync Demo',
      privateAppToken: HUBSPOT_DEMO_PRIVATE_APP_TOKEN,
    });
    this.add({
      hubId: HUBSPOT_SECOND_HUB_ID,
      hubDomain: HUBSPOT_SECOND_HUB_DOMAIN,
      name: 'OutSync Second',
      privateAppToken: HUBSPOT_SECOND_PRIVATE_APP_TOKEN,
    });
  }

  add(input: {
    hubId?: number;
    hubDomain?: string;
    name?: string;
    privateAppToken?: string;
  }): HubspotPortal {
    const hubId = input.hubId ?? Math.max(...this.portals.keys(), HUBSPOT_DEMO_HUB_ID) + 1;
    if (this.portals.has(hubId)) throw new Error(`A portal with hub id ${hubId} already exists`);
    const portal: HubspotPortal = {
      hubId,
      hubDomain: input.hubDomain ?? `portal-${hubId}.sandbox.hubspot.com`,
      name: input.name ?? `Portal ${hubId}`,
      privateAppToken:
        input.privateAppToken ?? `pat-sandbox-${hubId}-${randomBytes(12).toString('hex')}`,
      store: new HubspotStore(),
      createdAt: nowIso(),
    };
    this.portals.set(hubId, portal);
    return portal;
  }

  get(hubId: number | string): HubspotPortal | undefined {
    return this.portals.get(Number(hubId));
  }

  demo(): HubspotPortal {
    const portal = this.portals.get(HUBSPOT_DEMO_HUB_ID);
    if (!portal) throw new Error('the demo portal is missing');
    return portal;
  }

  all(): HubspotPortal[] {
    return [...this.portals.values()];
  }

  byPrivateAppToken(token: string): HubspotPortal | undefined {
    return this.all().find((portal) => portal.privateAppToken === token);
  }
}

/** Registered public apps (OAuth clients). The demo app is always there. */
export class HubspotApps {
  private readonly apps = new Map<string, HubspotApp>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.apps.clear();
    this.add({
      appId: HUBSPOT_DEMO_APP_ID,
      name: 'OutSync',
      clientId: HUBSPOT_DEMO_CLIENT_ID,
      clientSecret: HUBSPOT_DEMO_CLIENT_SECRET,
    });
  }

  add(input: {
    appId?: number;
    name?: string;
    clientId?: string;
    clientSecret?: string;
    redirectUrls?: string[];
  }): HubspotApp {
    const clientId = input.clientId ?? randomUUID();
    if (this.apps.has(clientId))
      throw new Error(`An app with client id ${clientId} already exists`);
    const app: HubspotApp = {
      appId: input.appId ?? HUBSPOT_DEMO_APP_ID + this.apps.size,
      name: input.name ?? 'OutSync',
      clientId,
      clientSecret: input.clientSecret ?? randomUUID(),
      redirectUrls: input.redirectUrls ?? [],
      createdAt: nowIso(),
    };
    this.apps.set(clientId, app);
    return app;
  }

  get(clientId: string): HubspotApp | undefined {
    return this.apps.get(clientId);
  }

  remove(clientId: string): boolean {
    if (clientId === HUBSPOT_DEMO_CLIENT_ID) return false;
    return this.apps.delete(clientId);
  }

  all(): HubspotApp[] {
    return [...this.apps.values()];
  }
}
