import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * Whether an element's content is wider than the element, kept up to date as either resizes.
 * Returns a callback ref to put on the element.
 */
export function useHorizontalOverflow<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [overflowing, setOverflowing] = useState(false);

  // A layout effect: the region role and tab stop are in place before the first paint.
  useLayoutEffect(() => {
    if (!element) return undefined;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    measure();
    // jsdom has no ResizeObserver: there, the first measure is the only one.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table grows with its rows without the container resizing.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);

  const ref = useCallback((node: T | null) => setElement(node), []);
  return { ref, overflowing };
}
