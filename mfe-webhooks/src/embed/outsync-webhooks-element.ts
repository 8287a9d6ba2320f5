import type { ThemeMode } from '@outsync/ui';
import type { WebhookEvent, WebhookEventType } from '../shared/host-events';
import {
  mountWebhooks,
  type EmbedTheme,
  type MountedWebhooks,
  type MountWebhooksOptions,
} from './mount-webhooks';

export const OUTSYNC_WEBHOOKS_TAG = 'outsync-webhooks';

/** The DOM event each module event is dispatched as: `webhook.test_sent` → `outsync:webhook-test-sent`. */
export function domEventName(type: WebhookEventType): string {
  return `outsync:${type.replace('.', '-').replace('_', '-')}`;
}

/** A getToken that says what is missing instead of hanging the module. */
const noGetToken = () =>
  Promise.reject(new Error('<outsync-webhooks>: set the element’s getToken property.'));

/**
 * `<outsync-webhooks api-base-url="…" theme="dark" product-name="Acme">`: the webhooks module for
 * pages without React (or with another React). Attributes: `api-base-url`, `theme` (light|dark),
 * `product-name`, `locale`. Properties: `token`, `getToken`, `themeTokens`. It mounts once it is
 * in the document with a token and an API base URL, and unmounts when removed. Each module event
 * is dispatched on the element as a CustomEvent (`outsync:webhook-created`, …; `detail` is the
 * event), bubbling and composed, so a listener on the element or any ancestor hears it.
 */
export class OutSyncWebhooksElement extends HTMLElement {
  static observedAttributes = ['api-base-url', 'theme', 'product-name', 'locale'];

  private mounted: MountedWebhooks | null = null;
  /** What the module was mounted with that only a remount can change. */
  private mountedWith: { apiBaseUrl: string; locale: string | null } | null = null;
  private currentToken: string | null = null;
  private currentThemeTokens: EmbedTheme['tokens'] = undefined;

  /** Asked for a fresh token when the service refuses the current one. */
  getToken: MountWebhooksOptions['getToken'] = noGetToken;

  get token(): string | null {
    return this.currentToken;
  }

  set token(token: string | null) {
    this.currentToken = token;
    if (this.mounted && token) this.mounted.setToken(token);
    else this.update();
  }

  /** Token overrides (`{ 'color-brand': '#0f766e' }`), as `mountWebhooks`' `theme.tokens`. */
  get themeTokens(): EmbedTheme['tokens'] {
    return this.currentThemeTokens;
  }

  set themeTokens(tokens: EmbedTheme['tokens']) {
    this.currentThemeTokens = tokens;
    this.mounted?.setTheme(this.theme());
  }

  connectedCallback(): void {
    this.update();
  }

  disconnectedCallback(): void {
    this.unmount();
  }

  attributeChangedCallback(name: string): void {
    if (!this.mounted) return this.update();
    if (name === 'theme') this.mounted.setTheme(this.theme());
    else if (name === 'product-name') this.mounted.setProductName(this.productName());
    else this.update();
  }

  /** Mounts when everything needed is there; remounts when the API base or locale changed. */
  private update(): void {
    const apiBaseUrl = this.getAttribute('api-base-url');
    const locale = this.getAttribute('locale');
    const ready = this.isConnected && apiBaseUrl && this.currentToken;
    if (!ready) return this.unmount();
    if (
      this.mounted &&
      this.mountedWith?.apiBaseUrl === apiBaseUrl &&
      this.mountedWith.locale === locale
    ) {
      return;
    }
    this.unmount();
    this.mounted = mountWebhooks(this, {
      token: this.currentToken as string,
      // Read at call time: the host may set the property after the element mounted.
      getToken: () => this.getToken(),
      apiBaseUrl,
      theme: this.theme(),
      productName: this.productName(),
      locale: locale ?? undefined,
      onEvent: (event) => this.dispatch(event),
    });
    this.mountedWith = { apiBaseUrl, locale };
  }

  private unmount(): void {
    this.mounted?.unmount();
    this.mounted = null;
    this.mountedWith = null;
  }

  private theme(): EmbedTheme {
    const mode: ThemeMode = this.getAttribute('theme') === 'dark' ? 'dark' : 'light';
    return { mode, tokens: this.currentThemeTokens };
  }

  private productName(): string | undefined {
    return this.getAttribute('product-name') ?? undefined;
  }

  private dispatch(event: WebhookEvent): void {
    this.dispatchEvent(
      new CustomEvent<WebhookEvent>(domEventName(event.type), {
        detail: event,
        bubbles: true,
        composed: true,
      }),
    );
  }
}

/** Defines `<outsync-webhooks>` once, however many times the script runs on the page. */
export function defineOutSyncWebhooksElement(registry: CustomElementRegistry = customElements) {
  if (!registry.get(OUTSYNC_WEBHOOKS_TAG)) {
    registry.define(OUTSYNC_WEBHOOKS_TAG, OutSyncWebhooksElement);
  }
}
