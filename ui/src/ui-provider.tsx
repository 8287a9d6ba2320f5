import type { ReactNode } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { theme } from './theme/theme';
import { themeDeclarations, type ThemeMode } from './theme/tokens';
import { ToastViewport } from './toast/toast-viewport';

/**
 * Theme, global styles and the toast viewport. The shell renders it once; a remote mounted by a
 * host that is not our shell (or running alone) renders its own. The scope element declares the
 * theme's variables, so a module inside a partner's page is themed without global styles, and
 * the partner re-themes it by setting `--outsync-<token>` on any ancestor.
 */
export function UiProvider({
  children,
  withGlobalStyle = true,
  mode = 'light',
}: {
  children: ReactNode;
  withGlobalStyle?: boolean;
  mode?: ThemeMode;
}) {
  return (
    <ThemeProvider theme={theme}>
      {withGlobalStyle ? <GlobalStyle $mode={mode} /> : null}
      <ThemeScope data-outsync-theme={mode} $mode={mode}>
        {children}
        <ToastViewport />
      </ThemeScope>
    </ThemeProvider>
  );
}

// display: contents keeps the host's layout; custom properties still inherit through it.
const ThemeScope = styled.div<{ $mode: ThemeMode }>`
  display: contents;
  ${({ $mode }) => themeDeclarations($mode)}
`;
