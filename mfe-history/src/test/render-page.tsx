// Renders the module's pages as the shell does (API: renderPage(path, { user? }) → { router };
// chooseOption(label, option); fakeLayout(); scrollTo(element, top)).
import { configure, fireEvent, screen } from '@testing-library/react';
import { customer, pageRoutes, renderRoutes } from '@outsync/app-runtime/testing';
import type { CurrentUser } from '@outsync/contracts';
import { pages } from '../app/pages';

/**
 * Opens the select named `label` and picks `option`. Async: a screen's selects load downshift on
 * first use (LazySelect), so the list shows once that code has come.
 */
export async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

configure({ asyncUtilTimeout: 5000 });

/** The page at `path` in the shell's providers; a 401 goes to /unauthorized. */
export function renderPage(path: string, { user = customer }: { user?: CurrentUser } = {}) {
  const { router } = renderRoutes(pageRoutes(pages), { path, user });
  return { router };
}

/**
 * jsdom has no layout: as the design system's own tests do, every element reports the
 * viewport's size, and a rendered row's height comes from its data-index.
 */
export function fakeLayout({ viewportHeight = 400, rowHeight = 80 } = {}) {
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(viewportHeight);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function height(
    this: HTMLElement,
  ) {
    return this.dataset['index'] === undefined ? 0 : rowHeight;
  });
}

/** Scrolls an element as a user would, as far as the virtualizer can tell. */
export function scrollTo(element: HTMLElement, top: number) {
  Object.defineProperty(element, 'scrollTop', { configurable: true, value: top });
  fireEvent.scroll(element);
}
