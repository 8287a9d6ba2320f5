import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router';
import styled, { createGlobalStyle, type DefaultTheme } from 'styled-components';
import { currentUserAtom } from '@outsync/app-runtime';
import { RequireSession } from '../session/require-session';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SyncAlertsBanner } from './sync-alerts-banner';
import { UpgradeBanner } from './upgrade-banner';

/** /admin/dashboard: header (and the free plan's banner) on top, sidebar beside the screen. */
export function DashboardLayout() {
  return (
    <RequireSession>
      <DashboardFrame />
    </RequireSession>
  );
}

function DashboardFrame() {
  const user = useAtomValue(currentUserAtom);
  const freePlan = user ? !user.isPaidTier : false;
  return (
    <Frame data-layout={freePlan ? 'free-plan' : 'paid'}>
      <ToastsBelowTopBar $withBanner={freePlan} />
      <Top $withBanner={freePlan}>
        <Header />
        {freePlan ? <UpgradeBanner /> : null}
      </Top>
      <Body>
        <Sidebar />
        <Main>
          <SyncAlertsBanner />
          <Outlet />
        </Main>
      </Body>
    </Frame>
  );
}

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const topBarHeight = ({ theme, $withBanner }: { theme: DefaultTheme; $withBanner: boolean }) =>
  $withBanner
    ? `calc(${theme.layout.headerHeight} + ${theme.layout.bannerHeight})`
    : theme.layout.headerHeight;

/** With the banner the top bar is taller, and sticks with it (the spec's separate layout). */
const Top = styled.div<{ $withBanner: boolean }>`
  position: sticky;
  top: 0;
  z-index: 10;
  height: ${topBarHeight};
`;

/**
 * Toasts open below the sticky top bar instead of over the user's name and e-mail; set on the
 * page only while the dashboard is shown (the sign-in screens have no bar).
 */
const ToastsBelowTopBar = createGlobalStyle<{ $withBanner: boolean }>`
  :root {
    --outsync-toast-offset-top: calc(${topBarHeight} + ${({ theme }) => theme.space(3)});
  }
`;

const Body = styled.div`
  flex: 1;
  display: flex;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
`;
