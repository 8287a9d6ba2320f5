import type { UseComboboxGetToggleButtonProps } from 'downshift';
import { theme } from '@outsync/ui';
import { useState, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import styled, { css } from 'styled-components';
import { LoadingMessage } from '../data/loading-message';
import type { FieldControlProps, FieldFrameProps } from '../form/field';
import { useAnchoredOverlay } from '../overlay/anchored-position';
import { useLayer } from '../overlay/layers';
import { popoverReset } from '../overlay/top-layer';
import { ControlAnchor, FieldAdornments, FieldIconButton } from './select-look';

export { adornmentRoom, ChevronIcon, controlBoxStyles, FieldIconButton } from './select-look';

export type OptionValue = string | number;

/** What `renderOption` learns about the option it draws. */
export interface OptionState {
  highlighted: boolean;
  selected: boolean;
}

/** The props Select and MultiSelect share. */
export interface SelectFieldProps<Option> extends Omit<FieldFrameProps, 'label'> {
  /** The visible label; it also names the list of options (both by `aria-labelledby`). */
  label: string;
  options: readonly Option[];
  /** A stable key per option; the chosen value is matched to the options by it. */
  getOptionValue: (option: Option) => OptionValue;
  /** The option's text: shown once chosen (field or chip) and searched. */
  getOptionLabel: (option: Option) => string;
  /** More text the search looks in (an e-mail, a property name). */
  getOptionSearchText?: (option: Option) => string;
  /** Draws an option in the list (OptionLines lays out two or three lines); the label otherwise. */
  renderOption?: (option: Option, state: OptionState) => ReactNode;
  isOptionDisabled?: (option: Option) => boolean;
  placeholder?: string;
  /** Shows `loadingText` with a spinner in the list instead of the options. */
  loading?: boolean;
  loadingText?: string;
  /** Shown in the list when no option matches (or there are none). */
  emptyText?: string;
  disabled?: boolean;
  /** The list's maximum height in pixels; it scrolls beyond. */
  maxMenuHeight?: number;
  onBlur?: () => void;
}

const selectDefaults = {
  loadingText: 'Loading...',
  emptyText: 'No options found',
  maxMenuHeight: 320,
} as const;

/** Case-insensitive "contains" over the label and the extra search text. */
export function filterOptions<Option>(
  options: readonly Option[],
  query: string,
  getOptionLabel: (option: Option) => string,
  getOptionSearchText?: (option: Option) => string,
): Option[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...options];
  return options.filter((option) =>
    [getOptionLabel(option), getOptionSearchText?.(option) ?? '']
      .join(' ')
      .toLocaleLowerCase()
      .includes(needle),
  );
}

/** How downshift's hooks key, name and disable the options. */
export function downshiftItemProps<Option>({
  getOptionValue,
  getOptionLabel,
  isOptionDisabled,
}: SelectFieldProps<Option>) {
  return {
    itemToKey: (option: Option | null) => (option === null ? null : getOptionValue(option)),
    itemToString: (option: Option | null) => (option === null ? '' : getOptionLabel(option)),
    isItemDisabled: (option: Option) => isOptionDisabled?.(option) ?? false,
  };
}

/**
 * The field's wiring for the element that takes the focus. Not `{...control}` whole: the id
 * goes to downshift, which puts it on that element itself.
 */
export const fieldAria = (control: FieldControlProps) => ({
  'aria-describedby': control['aria-describedby'],
  'aria-invalid': control['aria-invalid'],
  'aria-required': control.required,
});

/** What the list needs from the downshift hook in use (useSelect or useCombobox). */
export interface DownshiftMenu<Option> {
  isOpen: boolean;
  highlightedIndex: number;
  /** Closes the list (Escape given to it by a dialog around the field). */
  closeMenu: () => void;
  /** Named by the Field's label: the hook was given its id (`labelId`). */
  getMenuProps: () => HTMLAttributes<HTMLUListElement> & { ref?: Ref<HTMLUListElement> };
  getItemProps: (options: {
    item: Option;
    index: number;
    'aria-selected': boolean;
  }) => HTMLAttributes<HTMLLIElement>;
}

/**
 * What every select draws around its control (`children`: a trigger, an input, a box of chips):
 * the icons at its right end, and under it the list of options with its loading or empty message.
 * The open list is an overlay of the layer model (ui/README.md, "Overlays"): in the top layer,
 * so a dialog's scrolling body does not clip it; under the field, or above it where the room
 * below is short; and, inside a dialog, the first Escape closes the list and not the dialog.
 */
export function SelectFrame<Option>({
  field,
  menu,
  items,
  isSelected,
  adornments,
  children,
}: {
  field: SelectFieldProps<Option>;
  menu: DownshiftMenu<Option>;
  /** The options the list offers now: filtered, or none while loading. */
  items: readonly Option[];
  isSelected: (option: Option) => boolean;
  adornments: ReactNode;
  children: ReactNode;
}) {
  const {
    loading = false,
    loadingText = selectDefaults.loadingText,
    emptyText = selectDefaults.emptyText,
    maxMenuHeight = selectDefaults.maxMenuHeight,
  } = field;
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const [popup, setPopup] = useState<HTMLDivElement | null>(null);
  useLayer('popup', popup, menu.isOpen, { dismiss: menu.closeMenu });
  useAnchoredOverlay(menu.isOpen, anchor, popup, {
    side: 'bottom',
    align: 'start',
    gap: menuGap,
    matchWidth: true,
    fitHeight: true,
  });
  return (
    <ControlAnchor ref={setAnchor}>
      {children}
      <FieldAdornments>{adornments}</FieldAdornments>
      <MenuPopup ref={setPopup} popover="manual" $open={menu.isOpen}>
        <Listbox $maxHeight={maxMenuHeight} {...menu.getMenuProps()}>
          {menu.isOpen ? (
            <OptionItems field={field} menu={menu} items={items} isSelected={isSelected} />
          ) : null}
        </Listbox>
        <MenuMessage
          open={menu.isOpen}
          loading={loading}
          empty={items.length === 0}
          loadingText={loadingText}
          emptyText={emptyText}
        />
      </MenuPopup>
    </ControlAnchor>
  );
}

/**
 * The chevron of a select one types in (searchable, multi). The input opens the list itself
 * (typing, arrows, click): the chevron is for the mouse only, out of the tab order and hidden
 * from assistive technology.
 */
export function ComboboxChevron({
  getToggleButtonProps,
  disabled,
}: {
  getToggleButtonProps: UseComboboxGetToggleButtonProps;
  disabled: boolean;
}) {
  return (
    <FieldIconButton {...getToggleButtonProps({ disabled, 'aria-hidden': true, tabIndex: -1 })}>
      ▾
    </FieldIconButton>
  );
}

/** The options of an open list. */
function OptionItems<Option>({
  field: { getOptionValue, getOptionLabel, renderOption },
  menu: { highlightedIndex, getItemProps },
  items,
  isSelected,
}: {
  field: SelectFieldProps<Option>;
  menu: DownshiftMenu<Option>;
  items: readonly Option[];
  isSelected: (option: Option) => boolean;
}) {
  return (
    <>
      {items.map((option, index) => {
        const state = { highlighted: index === highlightedIndex, selected: isSelected(option) };
        return (
          <OptionItem
            key={getOptionValue(option)}
            $highlighted={state.highlighted}
            // downshift compares the chosen item by reference; ours may be a copy.
            {...getItemProps({ item: option, index, 'aria-selected': state.selected })}
          >
            {renderOption ? renderOption(option, state) : getOptionLabel(option)}
          </OptionItem>
        );
      })}
    </>
  );
}

/** The loading or empty message under the options, outside the listbox (which holds options only). */
function MenuMessage({
  open,
  loading,
  empty,
  loadingText,
  emptyText,
}: {
  open: boolean;
  loading: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
}) {
  if (!open) return null;
  if (loading)
    return (
      <MessageBox>
        <LoadingMessage text={loadingText} spinnerSize="small" />
      </MessageBox>
    );
  if (empty) return <MessageBox role="status">{emptyText}</MessageBox>;
  return null;
}

/** Between the field and its list, in pixels. */
const menuGap = 4;

// Placed by useAnchoredOverlay (fixed, in the top layer); a column, so the listbox scrolls when
// the room caps the popup's height.
const MenuPopup = styled.div<{ $open: boolean }>`
  ${popoverReset}
  z-index: 20;
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow.overlay};
  overflow: hidden;
`;

// The listbox itself scrolls: downshift scrolls the highlighted option into view inside it.
const Listbox = styled.ul<{ $maxHeight: number }>`
  max-height: ${({ $maxHeight }) => `${$maxHeight}px`};
  min-height: 0;
  flex: 0 1 auto;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
  &:empty {
    display: none;
  }
`;

const OptionItem = styled.li<{ $highlighted: boolean }>`
  padding: ${theme.space(2)} ${theme.space(3)};
  color: ${theme.colors.ink};
  overflow-wrap: anywhere;
  cursor: pointer;
  ${({ $highlighted }) =>
    $highlighted &&
    css`
      background: ${theme.colors.surfaceHover};
    `}
  &[aria-selected='true'] {
    font-weight: 600;
    box-shadow: inset 3px 0 0 ${theme.colors.brand};
  }
  &[aria-disabled='true'] {
    color: ${theme.colors.inkMuted};
    cursor: not-allowed;
  }
`;

const MessageBox = styled.div`
  padding: ${theme.space(2)} ${theme.space(3)};
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;
