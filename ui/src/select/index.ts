// `@outsync/ui/select`: selects on downshift. A subpath entry, so only the modules that show a
// select bundle downshift (the shell's first load does not).
export { Select, type SelectProps } from './select';
export { MultiSelect, type MultiSelectProps } from './multi-select';
export { OptionLines } from './option-lines';
export {
  filterOptions,
  type OptionState,
  type OptionValue,
  type SelectFieldProps,
} from './select-parts';
