import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** /admin/dashboard: header on top, sidebar beside the nested screen. */
export function DashboardLayout() {
  return (
    <Frame>
      <Header />
      <Body>
        <Sidebar />
        <Main>
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

const Body = styled.div`
  flex: 1;
  display: flex;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
`;
