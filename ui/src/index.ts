// The design system's shared foundations: theme tokens, the provider, toasts and the few
// primitives the shell itself renders. This barrel is a federation singleton loaded whole with
// the shell, so every other primitive is a subpath entry each module bundles, tree-shaken:
// @outsync/ui/form, /overlay, /data, /select, /virtual, /json. No session, API or routing code
// lives in ui (that is @outsync/app-runtime).
export { theme, type Theme } from './theme/theme';
export { cssVar, themeDeclarations, tokenValues, type ThemeMode, type Token } from './theme/tokens';
export { GlobalStyle } from './global-style';
export { UiProvider } from './ui-provider';
export { Button } from './button';
export { Spinner, VisuallyHidden, type SpinnerSize } from './spinner';
export { Page, Card, Sections } from './page';
export {
  DEFAULT_TOAST_LIFE_MS,
  toastSummaries,
  toastsAtom,
  useToast,
  type Toast,
  type ToastInput,
  type ToastSeverity,
} from './toast/toast-store';
export { ToastViewport } from './toast/toast-viewport';
