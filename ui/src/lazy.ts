// `@outsync/ui/lazy`: the select and the virtual table with their heavy code loaded on first use
// (downshift on the select's first focus, press or key; TanStack Virtual when the first rows
// come). A subpath entry of its own that imports neither: a screen that shows them closed or
// empty on its first load does not download them (docs/decisions.md, issue 32, "Fourth pass").
export { LazySelect, preloadSelect, type LazySelectProps } from './select/lazy-select';
export { LazyVirtualTable, preloadVirtualTable } from './virtual/lazy-virtual-table';
