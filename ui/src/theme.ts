// Design tokens. Components read them through styled-components' ThemeProvider.
export const theme = {
  name: 'outsync-light',
  colors: {
    brand: '#4f46e5',
    brandDark: '#3730a3',
    ink: '#111827',
    inkMuted: '#4b5563',
    surface: '#ffffff',
    canvas: '#f3f4f6',
    border: '#d1d5db',
    headerBg: '#111827',
    headerInk: '#f9fafb',
    warningBg: '#fde68a',
    warningInk: '#78350f',
    danger: '#b91c1c',
    success: '#15803d',
    focus: '#2563eb',
  },
  space: (n: number) => `${n * 4}px`,
  radius: '6px',
  font: {
    family:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { sm: '13px', md: '15px', lg: '18px', xl: '24px' },
  },
  layout: { headerHeight: '56px', sidebarWidth: '248px', bannerHeight: '40px' },
} as const;

export type Theme = typeof theme;

// Every styled component in every package sees the tokens with their types.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
