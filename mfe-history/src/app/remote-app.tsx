import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import styled from 'styled-components';
import WebhookLogsPage from '../exposes/webhook-logs-page';
import BlockListLogsPage from '../exposes/block-list-logs-page';
import CategoryBaseFilterLogsPage from '../exposes/category-base-filter-logs-page';

/** The module's own routes, used when it runs alone or is mounted by a host that is not our shell. */
export function RemoteApp({ basename }: { basename: string }) {
  return (
    <BrowserRouter basename={basename || undefined}>
      <ModuleNav aria-label="OutSync history">
        <NavLink to="/admin/dashboard/history/webhook-logs">Webhook payloads</NavLink>
        <NavLink to="/admin/dashboard/history/block-list-logs">Block list history</NavLink>
        <NavLink to="/admin/dashboard/history/category-base-filter-logs">
          Category Base Filter Payloads
        </NavLink>
      </ModuleNav>
      <Routes>
        <Route path="/admin/dashboard/history/webhook-logs" element={<WebhookLogsPage />} />
        <Route path="/admin/dashboard/history/block-list-logs" element={<BlockListLogsPage />} />
        <Route
          path="/admin/dashboard/history/category-base-filter-logs"
          element={<CategoryBaseFilterLogsPage />}
        />
        <Route path="*" element={<Navigate to="/admin/dashboard/history/webhook-logs" replace />} />
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
