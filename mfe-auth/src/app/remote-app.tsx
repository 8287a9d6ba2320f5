import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import styled from 'styled-components';
import LoginPage from '../exposes/login-page';
import VerifyPage from '../exposes/verify-page';

/** The module's own routes, used when it runs alone or is mounted by a host that is not our shell. */
export function RemoteApp({ basename }: { basename: string }) {
  return (
    <BrowserRouter basename={basename || undefined}>
      <ModuleNav aria-label="OutSync sign-in">
        <NavLink to="/">Sign in to OutSync</NavLink>
        <NavLink to="/verify">Verify Your Identity</NavLink>
      </ModuleNav>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
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
