import { cssVar } from './tokens';

/**
 * The theme components read through styled-components' ThemeProvider. Every value is a CSS
 * variable reference, so light/dark and a host page's overrides apply without re-rendering.
 */
export const theme = {
  name: 'outsync',
  colors: {
    brand: cssVar('color-brand'),
    brandDark: cssVar('color-brand-dark'),
    brandInk: cssVar('color-brand-ink'),
    /** The brand as text on the surface, readable whatever the host's brand (links, toggles). */
    brandText: cssVar('color-brand-text'),
    ink: cssVar('color-ink'),
    inkMuted: cssVar('color-ink-muted'),
    surface: cssVar('color-surface'),
    surfaceRaised: cssVar('color-surface-raised'),
    surfaceHover: cssVar('color-surface-hover'),
    canvas: cssVar('color-canvas'),
    border: cssVar('color-border'),
    borderStrong: cssVar('color-border-strong'),
    headerBg: cssVar('color-header-bg'),
    headerInk: cssVar('color-header-ink'),
    warningBg: cssVar('color-warning-bg'),
    warningInk: cssVar('color-warning-ink'),
    danger: cssVar('color-danger'),
    dangerInk: cssVar('color-danger-ink'),
    dangerBg: cssVar('color-danger-bg'),
    success: cssVar('color-success'),
    successBg: cssVar('color-success-bg'),
    info: cssVar('color-info'),
    infoBg: cssVar('color-info-bg'),
    focus: cssVar('color-focus'),
    backdrop: cssVar('color-backdrop'),
    placeholder: cssVar('color-placeholder'),
    codeBg: cssVar('color-code-bg'),
    codeKey: cssVar('color-code-key'),
    codeString: cssVar('color-code-string'),
    codeNumber: cssVar('color-code-number'),
  },
  /** n steps of the density unit (4px by default): space(4) is 16px. */
  space: (n: number) => `calc(${n} * ${cssVar('space-unit')})`,
  shadow: { overlay: cssVar('shadow-overlay') },
  radius: cssVar('radius'),
  radiusLarge: cssVar('radius-lg'),
  controlHeight: cssVar('control-height'),
  toastOffsetTop: cssVar('toast-offset-top'),
  font: {
    family: cssVar('font-family'),
    mono: cssVar('font-family-mono'),
    size: {
      sm: cssVar('font-size-sm'),
      md: cssVar('font-size-md'),
      lg: cssVar('font-size-lg'),
      xl: cssVar('font-size-xl'),
    },
  },
  layout: { headerHeight: '56px', sidebarWidth: '248px', bannerHeight: '40px' },
} as const;

export type Theme = typeof theme;

// Every styled component in every package sees the tokens with their types.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
