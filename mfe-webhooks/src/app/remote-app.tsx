import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import styled from 'styled-components';
import WebhooksPage from '../exposes/webhooks-page';

/** The module's own routes, used when it runs alone or is mounted by a host that is not our shell. */
export function RemoteApp({ basename }: { basename: string }) {
  return (
    <BrowserRouter basename={basename || undefined}>
      <ModuleNav aria-label="OutSync webhooks">
        <NavLink to="/admin/dashboard/webhooks">Webhooks</NavLink>
      </ModuleNav>
      <Routes>
        <Route path="/admin/dashboard/webhooks" element={<WebhooksPage />} />
        <Route path="*" element={<Navigate to="/admin/dashboard/webhooks" replace />} />
      </Routes>
    </BrowserRouter>
  );
}

const ModuleNav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)}`};
  background: ${({ theme }) => theme.colors.headerBg};
  a {
    color: ${({ theme }) => theme.colors.headerInk};
  }
  a.active {
    font-weight: 700;
  }
`;
