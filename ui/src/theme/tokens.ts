// Design tokens, light and dark. Components never read these values: they read the theme's CSS
// variables (theme.ts), so a host page re-themes every screen by setting `--outsync-<token>`.

export type ThemeMode = 'light' | 'dark';

const shared = {
  'space-unit': '4px',
  radius: '6px',
  'radius-lg': '10px',
  'font-family':
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  'font-family-mono': "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  'font-size-sm': '13px',
  'font-size-md': '15px',
  'font-size-lg': '18px',
  'font-size-xl': '24px',
  'control-height': '38px',
  // How far below the viewport's top the toasts start: a host with a fixed or sticky header sets
  // it below that header.
  'toast-offset-top': '16px',
} as const;

/**
 * Text on the brand colour: white on a dark brand, black on a light one, worked out from the
 * brand itself (its OKLCH lightness), so a host that sets only `--outsync-color-brand` keeps
 * readable chips and buttons in both modes (issue 31: a partner's dark teal under the dark
 * theme's dark ink read at 3:1). A host may still set `--outsync-color-brand-ink` itself.
 */
const brandInkFromBrand = 'oklch(from var(--os-color-brand) clamp(0, (0.66 - l) * 1000, 1) 0 0)';

/**
 * Text in the brand colour on the page's surface (links, disclosures): the brand itself,
 * darkened to at most OKLCH lightness 0.5 on the light theme and lightened to at least 0.75 on
 * the dark one, so a host's brand of any lightness reads at 4.5:1 or more in both (issue 31: a
 * partner's dark teal as link text on the dark theme read at 2.4:1).
 */
const brandTextFromBrand = (mode: 'light' | 'dark') =>
  mode === 'light'
    ? 'oklch(from var(--os-color-brand) min(l, 0.5) c h)'
    : 'oklch(from var(--os-color-brand) max(l, 0.75) c h)';

const light = {
  'color-brand': '#4f46e5',
  'color-brand-dark': '#3730a3',
  'color-brand-ink': brandInkFromBrand,
  'color-brand-text': brandTextFromBrand('light'),
  'color-ink': '#111827',
  'color-ink-muted': '#4b5563',
  'color-surface': '#ffffff',
  'color-surface-raised': '#ffffff',
  'color-surface-hover': '#f3f4f6',
  'color-canvas': '#f3f4f6',
  'color-border': '#d1d5db',
  'color-border-strong': '#9ca3af',
  'color-header-bg': '#111827',
  'color-header-ink': '#f9fafb',
  'color-warning-bg': '#fde68a',
  'color-warning-ink': '#78350f',
  'color-danger': '#b91c1c',
  'color-danger-ink': '#ffffff',
  'color-danger-bg': '#fef2f2',
  'color-success': '#15803d',
  'color-success-bg': '#f0fdf4',
  'color-info': '#1d4ed8',
  'color-info-bg': '#eff6ff',
  'color-focus': '#2563eb',
  'color-backdrop': 'rgb(17 24 39 / 0.55)',
  'color-placeholder': '#6b7280',
  'shadow-overlay': '0 20px 40px rgb(17 24 39 / 0.25)',
  'color-code-bg': '#f9fafb',
  'color-code-key': '#7c3aed',
  'color-code-string': '#047857',
  'color-code-number': '#b45309',
} as const;

export type ColorToken = keyof typeof light;

const dark: Record<ColorToken, string> = {
  'color-brand': '#818cf8',
  'color-brand-dark': '#a5b4fc',
  'color-brand-ink': brandInkFromBrand,
  'color-brand-text': brandTextFromBrand('dark'),
  'color-ink': '#f3f4f6',
  // 4.5:1 on the hovered row's background too (#9ca3af read at 4.05:1 there).
  'color-ink-muted': '#a9b0bb',
  'color-surface': '#1f2937',
  'color-surface-raised': '#273244',
  'color-surface-hover': '#374151',
  'color-canvas': '#111827',
  'color-border': '#4b5563',
  'color-border-strong': '#6b7280',
  'color-header-bg': '#030712',
  'color-header-ink': '#f9fafb',
  'color-warning-bg': '#78350f',
  'color-warning-ink': '#fde68a',
  'color-danger': '#f87171',
  'color-danger-ink': '#111827',
  'color-danger-bg': '#450a0a',
  'color-success': '#4ade80',
  'color-success-bg': '#052e16',
  'color-info': '#93c5fd',
  'color-info-bg': '#172554',
  'color-focus': '#60a5fa',
  'color-backdrop': 'rgb(0 0 0 / 0.65)',
  'color-placeholder': '#9ca3af',
  'shadow-overlay': '0 20px 40px rgb(0 0 0 / 0.6)',
  'color-code-bg': '#111827',
  'color-code-key': '#c4b5fd',
  'color-code-string': '#6ee7b7',
  'color-code-number': '#fcd34d',
};

export type Token = keyof typeof shared | ColorToken;

export const tokenValues: Record<ThemeMode, Record<Token, string>> = {
  light: { ...shared, ...light },
  dark: { ...shared, ...dark },
};

/** The variable a component reads (`--os-*`), always defined inside a theme scope. */
export const cssVar = (token: Token) => `var(--os-${token})`;

/**
 * The declarations of a theme scope: each internal variable takes the host's `--outsync-*`
 * override when there is one, else our value for the mode.
 */
export function themeDeclarations(mode: ThemeMode): string {
  const values = tokenValues[mode];
  const lines = (Object.keys(values) as Token[]).map(
    (token) => `--os-${token}: var(--outsync-${token}, ${values[token]});`,
  );
  return `${lines.join('\n')}\ncolor-scheme: ${mode};`;
}
