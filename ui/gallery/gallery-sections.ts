import type { ComponentType } from 'react';

/** The part of rspack's `import.meta.webpackContext` the gallery uses (its types stay local). */
interface SectionContext {
  keys(): string[];
  (request: string): { default?: ComponentType };
}

declare global {
  interface ImportMeta {
    webpackContext(
      request: string,
      options: { recursive?: boolean; regExp?: RegExp; mode?: 'sync' },
    ): SectionContext;
  }
}

export interface GallerySection {
  /** The file name without extension; also the anchor the table of contents links to. */
  name: string;
  /** A title for the table of contents until the section's own heading is known. */
  fallbackTitle: string;
  Component: ComponentType;
}

// Every file in sections/ is a section: adding one needs no registration anywhere.
const context = import.meta.webpackContext('./sections', { recursive: false, regExp: /\.tsx$/ });

/** Foundations come first (every other section builds on them); the rest alphabetically. */
function byDisplayOrder(a: GallerySection, b: GallerySection): number {
  if (a.name === 'foundations') return -1;
  if (b.name === 'foundations') return 1;
  return a.name.localeCompare(b.name);
}

function sectionOf(key: string): GallerySection {
  const name = key.replace(/^\.\//, '').replace(/\.tsx$/, '');
  const Component = context(key).default;
  if (!Component) throw new Error(`ui/gallery/sections/${name}.tsx has no default export.`);
  return {
    name,
    fallbackTitle: name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' '),
    Component,
  };
}

export const gallerySections: GallerySection[] = context.keys().map(sectionOf).sort(byDisplayOrder);
