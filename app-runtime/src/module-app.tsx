import type { ComponentType } from 'react';
import { theme } from '@outsync/ui';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import styled from 'styled-components';

export interface ModulePage {
  /** The page's path in the dashboard (spec route map). */
  path: string;
  /** Its link label when the module runs on its own. */
  label: string;
  Component: ComponentType;
}

/**
 * A module's own app, for running alone or in a host that is not our shell: a small nav over
 * its pages and a router under the host's basename. Unknown paths go to the first page.
 */
export function createModuleApp(name: string, pages: [ModulePage, ...ModulePage[]]) {
  const [first] = pages;
  return function ModuleApp({ basename }: { basename: string }) {
    return (
      <BrowserRouter basename={basename || undefined}>
        <ModuleNav aria-label={name}>
          {pages.map((page) => (
            <NavLink key={page.path} to={page.path}>
              {page.label}
            </NavLink>
          ))}
        </ModuleNav>
        <Routes>
          {pages.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<Navigate to={first.path} replace />} />
        </Routes>
      </BrowserRouter>
    );
  };
}

const ModuleNav = styled.nav`
  display: flex;
  gap: ${theme.space(4)};
  padding: ${theme.space(3)} ${theme.space(6)};
  background: ${theme.colors.headerBg};
  a {
    color: ${theme.colors.headerInk};
  }
  a.active {
    font-weight: 700;
  }
`;
