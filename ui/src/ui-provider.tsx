import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { theme } from './theme';
import { ToastViewport } from './toast/toast-viewport';

/**
 * Theme, global styles and the toast viewport. The shell renders it once; a remote mounted by a
 * host that is not our shell (or running alone) renders its own.
 */
export function UiProvider({
  children,
  withGlobalStyle = true,
}: {
  children: ReactNode;
  withGlobalStyle?: boolean;
}) {
  return (
    <ThemeProvider theme={theme}>
      {withGlobalStyle ? <GlobalStyle /> : null}
      {children}
      <ToastViewport />
    </ThemeProvider>
  );
}
