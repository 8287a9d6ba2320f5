import type { ModulePage } from '@outsync/app-runtime';
import { pagesOfRemote } from '@outsync/contracts';
import LoginPage, { LoginTitle } from '../exposes/login-page';
import VerifyPage, { VerifyTitle } from '../exposes/verify-page';

/** The pages this module exposes, at their paths in the route catalog. */
export const pages: [ModulePage, ...ModulePage[]] = pagesOfRemote('mfe-auth', {
  LoginPage: { label: LoginTitle, Component: LoginPage },
  VerifyPage: { label: VerifyTitle, Component: VerifyPage },
});

export const moduleName = 'OutSync sign-in';
