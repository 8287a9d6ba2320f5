import { fireEvent } from '@testing-library/react';

/**
 * jsdom has no layout. As TanStack Virtual's own tests do, give elements sizes: every element
 * reports the viewport's client size (the virtualizer reads it from the scroll element only),
 * and a rendered row's offsetHeight comes from its data-index.
 */
export function fakeLayout({
  viewportHeight,
  rowHeight,
}: {
  viewportHeight: number;
  rowHeight: (index: number) => number;
}) {
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(viewportHeight);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function offsetHeight(
    this: HTMLElement,
  ) {
    const index = this.dataset['index'];
    return index === undefined ? 0 : rowHeight(Number(index));
  });
}

/** Scrolls an element as a user would, as far as the virtualizer can tell. */
export function scrollTo(element: HTMLElement, top: number) {
  Object.defineProperty(element, 'scrollTop', { configurable: true, value: top });
  fireEvent.scroll(element);
}
