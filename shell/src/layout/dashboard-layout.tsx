import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import styled, { createGlobalStyle } from 'styled-components';
import { currentUserAtom } from '@outsync/app-runtime';
import { toastsAtom, theme } from '@outsync/ui';
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

export const skipLinkText = 'Skip to main content';
const mainId = 'main-content';

/** The skip link's target takes the focus itself: the URL keeps no #fragment. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(mainId);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * Errors and warnings belong to the screen that raised them: leaving it (another path) clears
 * them, sticky ones included (issue 31, item 5). Successes and infos run out on their own.
 */
function useScreenErrorsClearedOnLeave() {
  const { pathname } = useLocation();
  const setToasts = useSetAtom(toastsAtom);
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    setToasts((toasts) =>
      toasts.filter((toast) => toast.severity !== 'error' && toast.severity !== 'warn'),
    );
  }, [pathname, setToasts]);
}

function DashboardFrame() {
  const user = useAtomValue(currentUserAtom);
  const freePlan = user ? !user.isPaidTier : false;
  useScreenErrorsClearedOnLeave();
  return (
    <Frame data-layout={freePlan ? 'free-plan' : 'paid'}>
      {/* First in the tab order: past the header and the sidebar's links (issue 31). */}
      <SkipLink href={`#${mainId}`} onClick={skipToMain}>
        {skipLinkText}
      </SkipLink>
      <ToastsBelowTopBar $withBanner={freePlan} />
      <Top $withBanner={freePlan}>
        <Header />
        {freePlan ? <UpgradeBanner /> : null}
      </Top>
      <Body>
        <Sidebar />
        <Main id={mainId} tabIndex={-1}>
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

const topBarHeight = ({ $withBanner }: { $withBanner: boolean }) =>
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
    --outsync-toast-offset-top: calc(${topBarHeight} + ${theme.space(3)});
  }
`;

const Body = styled.div`
  flex: 1;
  display: flex;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  &:focus {
    outline: none;
  }
`;

/** Out of sight until it has the focus, then over the header's top left corner. */
const SkipLink = styled.a`
  position: absolute;
  top: ${theme.space(2)};
  left: ${theme.space(2)};
  z-index: 20;
  padding: ${theme.space(2)} ${theme.space(4)};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.brand};
  font-weight: 600;
  transform: translateY(-200%);
  &:focus {
    transform: none;
    outline: 2px solid ${theme.colors.focus};
  }
`;
