import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import styled from 'styled-components';
import HubspotPage from '../exposes/hubspot-page';
import SalesforcePage from '../exposes/salesforce-page';
import ApiKeysPage from '../exposes/api-keys-page';
import ServicesPage from '../exposes/services-page';
import BlockListsPage from '../exposes/block-lists-page';
import UsersPage from '../exposes/users-page';

/** The module's own routes, used when it runs alone or is mounted by a host that is not our shell. */
export function RemoteApp({ basename }: { basename: string }) {
  return (
    <BrowserRouter basename={basename || undefined}>
      <ModuleNav aria-label="OutSync connected accounts">
        <NavLink to="/admin/dashboard/hubspot">HubSpot accounts</NavLink>
        <NavLink to="/admin/dashboard/salesforce">Salesforce settings</NavLink>
        <NavLink to="/admin/dashboard/api-keys">API keys</NavLink>
        <NavLink to="/admin/dashboard/services">Webhook endpoint</NavLink>
        <NavLink to="/admin/dashboard/smartlead-block-lists">Block lists</NavLink>
        <NavLink to="/admin/dashboard/users">Users</NavLink>
      </ModuleNav>
      <Routes>
        <Route path="/admin/dashboard/hubspot" element={<HubspotPage />} />
        <Route path="/admin/dashboard/salesforce" element={<SalesforcePage />} />
        <Route path="/admin/dashboard/api-keys" element={<ApiKeysPage />} />
        <Route path="/admin/dashboard/services" element={<ServicesPage />} />
        <Route path="/admin/dashboard/smartlead-block-lists" element={<BlockListsPage />} />
        <Route path="/admin/dashboard/users" element={<UsersPage />} />
        <Route path="*" element={<Navigate to="/admin/dashboard/hubspot" replace />} />
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
