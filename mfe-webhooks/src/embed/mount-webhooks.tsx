import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The embed bundle is not federated: it bundles its own react-router, so the shared build's
// tree-shaken export list does not apply here.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { MemoryRouter } from 'react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { StyleSheetManager } from 'styled-components';
import {
  ApiProvider,
  createQueryClient,
  embeddedAtom,
  productNameAtom,
} from '@outsync/app-runtime';
import {
  cssVar,
  themeDeclarations,
  tokenValues,
  UiProvider,
  type ThemeMode,
  type Token,
} from '@outsync/ui';
import WebhooksPage from '../exposes/webhooks-page';
import type { WebhookEvent } from '../shared/host-events';
import { HostEventsProvider, type HostEvent } from '../shared/host-events-context';
import { TestDeliveryProvider } from '../shared/test-delivery-context';
import { createEmbedApiClient } from './embed-api-client';

/** The look a partner gives the module (docs/embedding.md, "Theme"). */
export interface EmbedTheme {
  /** 'light' (default) or 'dark': the design system's two palettes. */
  mode?: ThemeMode;
  /**
   * Design tokens to override, by name without the prefix: `{ 'color-brand': '#0f766e' }` sets
   * `--outsync-color-brand`. Unknown names are ignored (with a console warning).
   */
  tokens?: Partial<Record<Token, string>>;
}

export interface MountWebhooksOptions {
  /** The embed token from the partner's backend (`POST /api/partner/embed-tokens`). */
  token: string;
  /** Called when the token is refused (expired): resolves a fresh one from the partner's backend. */
  getToken: () => Promise<string>;
  /** Where the OutSync service answers, e.g. 'https://api.outsync.io'. */
  apiBaseUrl: string;
  theme?: EmbedTheme;
  /** The name the spec's '[product]' texts show ('Welcome to [product]!'); 'OutSync' by default. */
  productName?: string;
  /** 'en' (the default, and the only language the texts exist in); see `resolveLocale`. */
  locale?: string;
  /** Called after each change the user made: created, updated, deleted, test sent. */
  onEvent?: (event: WebhookEvent) => void;
}

/** What `mountWebhooks` returns: the way to change a mounted module, and to remove it. */
export interface MountedWebhooks {
  /** Removes the module and its styles; the element's shadow root stays, empty. */
  unmount(): void;
  /** Makes `token` the one later calls send (the host refreshed it on its own). */
  setToken(token: string): void;
  /** Switches light/dark and the token overrides without losing what the user was doing. */
  setTheme(theme: EmbedTheme): void;
  /** The '[product]' name; undefined or '' puts back the default. */
  setProductName(productName: string | undefined): void;
}

/** The languages the module's texts exist in. */
const supportedLocales = ['en'] as const;
type SupportedLocale = (typeof supportedLocales)[number];

/**
 * The language the module shows. Only English texts exist (the spec's): 'en' and any 'en-XX'
 * are English; any other locale also shows English, with a console warning, rather than
 * failing to mount in a partner's page that passes its user's locale along.
 */
export function resolveLocale(locale: string | undefined): SupportedLocale {
  const language = (locale ?? 'en').toLowerCase().split(/[-_]/)[0];
  if (!supportedLocales.includes(language as SupportedLocale)) {
    console.warn(`OutSync webhooks: locale "${locale}" is not available; showing English.`);
  }
  return 'en';
}

const knownTokens = new Set(Object.keys(tokenValues.light));

/** Sets the partner's token overrides on `element` as `--outsync-<token>`, replacing earlier ones. */
function applyThemeTokens(element: HTMLElement, tokens: EmbedTheme['tokens'] = {}): void {
  for (const property of Array.from(element.style)) {
    if (property.startsWith('--outsync-')) element.style.removeProperty(property);
  }
  for (const [token, value] of Object.entries(tokens)) {
    if (!knownTokens.has(token)) {
      console.warn(`OutSync webhooks: unknown theme token "${token}" ignored.`);
      continue;
    }
    if (typeof value === 'string') element.style.setProperty(`--outsync-${token}`, value);
  }
}

/**
 * Mounts the webhooks module into `element` for a page that is not ours (issue 15): in an open
 * shadow root, so the page's CSS cannot reach it and its styles (styled-components inserts them
 * into the shadow root) cannot reach the page. It brings its own React tree: a memory router
 * (the page's URL never changes), its own query cache and jotai store, and the embed API client
 * (bearer token, no cookies). Dialogs, menus and toasts render in place, inside the shadow root.
 */
export function mountWebhooks(
  element: HTMLElement,
  options: MountWebhooksOptions,
): MountedWebhooks {
  const shadowRoot = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const baseStyle = document.createElement('style');
  const container = document.createElement('div');
  container.className = 'outsync-embed';
  container.lang = resolveLocale(options.locale);
  shadowRoot.append(baseStyle, container);

  let theme: EmbedTheme = options.theme ?? {};
  const applyTheme = () => {
    baseStyle.textContent = embedBaseCss(theme.mode ?? 'light');
    applyThemeTokens(container, theme.tokens);
  };
  applyTheme();

  const store = createStore();
  const setProductName = (productName: string | undefined) =>
    store.set(productNameAtom, productName || productNameAtom.init);
  setProductName(options.productName);
  store.set(embeddedAtom, true);
  const session = createEmbedApiClient(options);
  const queryClient = createQueryClient();
  const onEvent = (event: HostEvent) => options.onEvent?.(event as WebhookEvent);
  const root = createRoot(container);

  const render = () => {
    const mode = theme.mode ?? 'light';
    root.render(
      <StrictMode>
        <StyleSheetManager target={shadowRoot}>
          <JotaiProvider store={store}>
            <UiProvider withGlobalStyle={false} mode={mode}>
              <HostEventsProvider onEvent={onEvent}>
                <ApiProvider client={session.client} queryClient={queryClient}>
                  <TestDeliveryProvider
                    delivery={{
                      credentials: 'omit',
                      authorization: session.authorization,
                      apiBaseUrl: options.apiBaseUrl,
                    }}
                  >
                    <MemoryRouter>
                      <WebhooksPage />
                    </MemoryRouter>
                  </TestDeliveryProvider>
                </ApiProvider>
              </HostEventsProvider>
            </UiProvider>
          </JotaiProvider>
        </StyleSheetManager>
      </StrictMode>,
    );
  };
  render();

  let mounted = true;
  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
      queryClient.clear();
      container.remove();
      // Ours, and the ones styled-components leaves in its target: they would pile up.
      shadowRoot.querySelectorAll('style').forEach((style) => style.remove());
    },
    setToken: (token) => session.setToken(token),
    setTheme(next) {
      theme = next;
      applyTheme();
      if (mounted) render();
    },
    setProductName,
  };
}

/**
 * The base a page's global style gives our screens, for the shadow root only: the host page's
 * inherited font, colour and line height stop at the host, boxes size by their border, and the
 * module's font and colours come from the theme (with the partner's `--outsync-*` overrides).
 * A plain style element, not a styled-components global style: it is there before React renders.
 */
function embedBaseCss(mode: ThemeMode): string {
  return `
:host { all: initial; display: block; }
.outsync-embed {
  ${themeDeclarations(mode)}
  font-family: ${cssVar('font-family')};
  font-size: ${cssVar('font-size-md')};
  line-height: 1.4;
  color: ${cssVar('color-ink')};
  background: ${cssVar('color-canvas')};
  text-align: start;
}
*, *::before, *::after { box-sizing: border-box; }
:focus-visible { outline: 2px solid ${cssVar('color-focus')}; outline-offset: 2px; }
`;
}
