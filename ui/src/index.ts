// The design system: theme tokens and accessible primitives. No session, API or routing code
// lives here (that is @outsync/app-runtime).
export { theme, type Theme } from './theme/theme';
export { cssVar, themeDeclarations, tokenValues, type ThemeMode, type Token } from './theme/tokens';
export { GlobalStyle } from './global-style';
export { UiProvider } from './ui-provider';
export { Button } from './button';
export { Spinner, VisuallyHidden } from './spinner';
export { Page, Card } from './page';
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
export * from './form';
export * from './overlay';
export * from './data';
