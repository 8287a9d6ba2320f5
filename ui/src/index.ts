export { theme, type Theme } from './theme';
export { GlobalStyle } from './global-style';
export { UiProvider } from './ui-provider';
export { Button } from './button';
export { Spinner, VisuallyHidden } from './spinner';
export { Page, Card } from './page';
export { placeholderNote, PlaceholderPage } from './placeholder-page';
export { createMount, type MountOptions, type Unmount } from './mount';
export { productNameAtom } from './product';
