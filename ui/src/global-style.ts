import { createGlobalStyle } from 'styled-components';
import { themeDeclarations, type ThemeMode } from './theme/tokens';

/** Page-wide styles for a page we own (the shell, a module running alone). */
export const GlobalStyle = createGlobalStyle<{ $mode: ThemeMode }>`
  :root { ${({ $mode }) => themeDeclarations($mode)} }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.canvas};
  }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
