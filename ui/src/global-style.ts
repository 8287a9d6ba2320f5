import { createGlobalStyle } from 'styled-components';
import { themeDeclarations, type ThemeMode } from './theme/tokens';
import { theme } from './theme/theme';

/** Page-wide styles for a page we own (the shell, a module running alone). */
export const GlobalStyle = createGlobalStyle<{ $mode: ThemeMode }>`
  :root { ${({ $mode }) => themeDeclarations($mode)} }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    color: ${theme.colors.ink};
    background: ${theme.colors.canvas};
  }
  :focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
`;
