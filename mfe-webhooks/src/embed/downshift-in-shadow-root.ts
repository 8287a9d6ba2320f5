// downshift for the embed bundle, whose selects live in a shadow root. The embed build resolves
// every `import … from 'downshift'` (the ui package's selects) to this file; only this file
// imports the real package (rspack.config.ts, NormalModuleReplacementPlugin).
//
// Why: downshift closes a menu when the mouse is released "outside" it, judged by the event's
// target at the window and by `document.activeElement`. From inside a shadow root both are the
// shadow host, so every click on an option counted as outside: the menu closed before the click
// chose anything. Its `environment` option is the documented way out; each hook here gets one
// that sees through shadow roots (downshift-environment.ts). Without shadow roots it is `window`.
import * as downshift from 'downshift';
import { shadowRootAware } from './downshift-environment';

export * from 'downshift';

// The three hooks by name, not the namespace: a spread namespace keeps all of downshift in the
// bundle (its class component too, ≈ 5 KB gzip); member reads let the build drop what is unused.
const aware = shadowRootAware({
  useSelect: downshift.useSelect,
  useCombobox: downshift.useCombobox,
  useMultipleSelection: downshift.useMultipleSelection,
});

export const useSelect: typeof downshift.useSelect = aware.useSelect;
export const useCombobox: typeof downshift.useCombobox = aware.useCombobox;
export const useMultipleSelection: typeof downshift.useMultipleSelection =
  aware.useMultipleSelection;
