import { useLayoutEffect } from 'react';

interface InlineValue {
  value: string;
  priority: string;
}

/** The lock's state, kept on the document: see `lockPageScroll`. */
interface PageScrollLock {
  /** How many holders want the page still. */
  holders: number;
  /** The root's own inline values of the properties the lock set, put back after the last. */
  saved: Map<string, InlineValue>;
}

// Symbol.for, so every copy of this module (each micro-frontend bundles its own) finds one lock.
const lockKey = Symbol.for('outsync.page-scroll-lock');

type LockableDocument = Document & { [lockKey]?: PageScrollLock };

/**
 * Stops the page from scrolling (overflow hidden on the root element) until the returned release
 * is called. Holders are counted, so a nested dialog closing keeps the lock of the one under
 * it; the last release puts back the root's own inline values, priority included.
 */
export function lockPageScroll(doc: Document = document): () => void {
  const root = doc.documentElement;
  const lockable = doc as LockableDocument;
  const lock = (lockable[lockKey] ??= { holders: 0, saved: new Map() });
  if (lock.holders === 0) {
    lock.saved.clear();
    for (const [property, value] of Object.entries(lockedStyle(doc))) {
      lock.saved.set(property, {
        value: root.style.getPropertyValue(property),
        priority: root.style.getPropertyPriority(property),
      });
      root.style.setProperty(property, value);
    }
  }
  lock.holders += 1;

  let released = false;
  return () => {
    if (released) return;
    released = true;
    lock.holders -= 1;
    if (lock.holders > 0) return;
    for (const [property, { value, priority }] of lock.saved) {
      if (value) root.style.setProperty(property, value, priority);
      else root.style.removeProperty(property);
    }
    if (root.getAttribute('style') === '') root.removeAttribute('style');
  };
}

/**
 * The longhands, not the `overflow` shorthand: a root styled `overflow-y: scroll` alone gets
 * exactly that back (and jsdom, unlike browsers, keeps the shorthand apart from them). A classic
 * scrollbar that goes leaves its gutter, so the page does not shift sideways under the backdrop.
 */
function lockedStyle(doc: Document): Record<string, string> {
  const view = doc.defaultView;
  const scrollbarTakesRoom = view !== null && view.innerWidth > doc.documentElement.clientWidth;
  return {
    'overflow-x': 'hidden',
    'overflow-y': 'hidden',
    ...(scrollbarTakesRoom ? { 'scrollbar-gutter': 'stable' } : {}),
  };
}

/** Holds the page still while the calling component is mounted (a modal dialog). */
export function usePageScrollLock() {
  // A layout effect: the page is still from the first frame the dialog shows in.
  useLayoutEffect(() => lockPageScroll(), []);
}
