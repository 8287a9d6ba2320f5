import type { ModulePage } from '@outsync/app-runtime';
import LoginPage, { LoginTitle } from '../exposes/login-page';
import VerifyPage, { VerifyTitle } from '../exposes/verify-page';

/** The pages this module exposes, at their dashboard paths. */
export const pages: [ModulePage, ...ModulePage[]] = [
  { path: '/', label: LoginTitle, Component: LoginPage },
  { path: '/verify', label: VerifyTitle, Component: VerifyPage },
];

export const moduleName = 'OutSync sign-in';
