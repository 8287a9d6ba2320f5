import { useCombobox, useSelect } from 'downshift';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { controlStyles, Field, type FieldControlProps } from '../form/field';
import {
  adornmentRoom,
  ChevronIcon,
  ControlAnchor,
  controlBoxStyles,
  FieldAdornments,
  FieldIconButton,
  filterOptions,
  Listbox,
  MenuMessage,
  MenuPopup,
  OptionItems,
  selectDefaults,
  type SelectFieldProps,
} from './select-parts';

export interface SelectProps<Option> extends SelectFieldProps<Option> {
  value: Option | null;
  onChange: (option: Option | null) => void;
  /** Type to filter the options (a combobox with a text input) instead of a plain list. */
  searchable?: boolean;
  /** Shows a button that empties the field; Escape on a closed searchable field empties it too. */
  clearable?: boolean;
  /** The clear button's accessible name. */
  clearLabel?: string;
}

type ControlProps<Option> = SelectProps<Option> & { control: FieldControlProps };

/**
 * A labelled single select on downshift (WAI-ARIA combobox with a listbox popup): a plain
 * select-only combobox, or with `searchable` an editable one that filters as you type.
 */
export function Select<Option>(props: SelectProps<Option>) {
  return (
    <Field
      label={props.label}
      help={props.help}
      error={props.error}
      required={props.required}
      hideRequiredMarker={props.hideRequiredMarker}
      id={props.id}
      aria-describedby={props['aria-describedby']}
      className={props.className}
    >
      {(control) =>
        props.searchable ? (
          <SearchableSelectControl {...props} control={control} />
        ) : (
          <PlainSelectControl {...props} control={control} />
        )
      }
    </Field>
  );
}

function PlainSelectControl<Option>({
  control,
  label,
  options,
  value,
  onChange,
  getOptionValue,
  getOptionLabel,
  renderOption,
  isOptionDisabled,
  placeholder,
  loading = false,
  loadingText = selectDefaults.loadingText,
  emptyText = selectDefaults.emptyText,
  disabled = false,
  clearable = false,
  clearLabel = 'Clear selection',
  maxMenuHeight = selectDefaults.maxMenuHeight,
  onBlur,
}: ControlProps<Option>) {
  const items = useMemo(() => (loading ? [] : [...options]), [loading, options]);
  // A callback ref (not a ref object): downshift's getter receives it during render.
  const [trigger, setTrigger] = useState<HTMLDivElement | null>(null);
  const { isOpen, highlightedIndex, getToggleButtonProps, getMenuProps, getItemProps } =
    useSelect<Option>({
      items,
      selectedItem: value,
      itemToKey: (option) => (option === null ? null : getOptionValue(option)),
      itemToString: (option) => (option === null ? '' : getOptionLabel(option)),
      isItemDisabled: (option) => isOptionDisabled?.(option) ?? false,
      toggleButtonId: control.id,
      onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem),
    });

  // downshift keeps `disabled` on the element it returns; a div has no such attribute.
  const { disabled: _disabled, ...triggerProps } = getToggleButtonProps({
    ref: setTrigger,
    disabled,
    tabIndex: disabled ? -1 : 0,
    'aria-disabled': disabled || undefined,
    // The field's <label> cannot name a div: the combobox carries the same text.
    'aria-label': label,
    'aria-describedby': control['aria-describedby'],
    'aria-invalid': control['aria-invalid'],
    'aria-required': control.required,
    onBlur,
  });
  const showClear = clearable && value !== null && !disabled;
  const selectedKey = value === null ? null : getOptionValue(value);

  return (
    <ControlAnchor>
      <Trigger {...triggerProps} $room={adornmentRoom(showClear)}>
        {value === null ? (
          <Placeholder>{placeholder}</Placeholder>
        ) : (
          <TriggerText>{getOptionLabel(value)}</TriggerText>
        )}
      </Trigger>
      <FieldAdornments>
        {showClear ? (
          <FieldIconButton
            aria-label={clearLabel}
            onClick={() => {
              onChange(null);
              trigger?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </FieldIconButton>
        ) : null}
        <ChevronIcon />
      </FieldAdornments>
      <MenuPopup $open={isOpen}>
        <Listbox $maxHeight={maxMenuHeight} {...getMenuProps({ 'aria-label': label })}>
          {isOpen ? (
            <OptionItems
              items={items}
              highlightedIndex={highlightedIndex}
              isSelected={(option) => getOptionValue(option) === selectedKey}
              getItemProps={getItemProps}
              getOptionValue={getOptionValue}
              getOptionLabel={getOptionLabel}
              renderOption={renderOption}
            />
          ) : null}
        </Listbox>
        <MenuMessage
          open={isOpen}
          loading={loading}
          empty={items.length === 0}
          loadingText={loadingText}
          emptyText={emptyText}
        />
      </MenuPopup>
    </ControlAnchor>
  );
}

function SearchableSelectControl<Option>({
  control,
  label,
  options,
  value,
  onChange,
  getOptionValue,
  getOptionLabel,
  getOptionSearchText,
  renderOption,
  isOptionDisabled,
  placeholder,
  loading = false,
  loadingText = selectDefaults.loadingText,
  emptyText = selectDefaults.emptyText,
  disabled = false,
  clearable = false,
  clearLabel = 'Clear selection',
  maxMenuHeight = selectDefaults.maxMenuHeight,
  onBlur,
}: ControlProps<Option>) {
  // What the user typed; the input shows the chosen label otherwise, which must not filter.
  const [query, setQuery] = useState('');
  const items = useMemo(
    () => (loading ? [] : filterOptions(options, query, getOptionLabel, getOptionSearchText)),
    [loading, options, query, getOptionLabel, getOptionSearchText],
  );
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const toText = (option: Option | null | undefined) => (option ? getOptionLabel(option) : '');
  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getToggleButtonProps,
    getMenuProps,
    getItemProps,
  } = useCombobox<Option>({
    items,
    selectedItem: value,
    itemToKey: (option) => (option === null ? null : getOptionValue(option)),
    itemToString: (option) => toText(option),
    isItemDisabled: (option) => isOptionDisabled?.(option) ?? false,
    inputId: control.id,
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem),
    onInputValueChange: ({ type, inputValue }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setQuery(inputValue);
    },
    onIsOpenChange: ({ isOpen: open }) => {
      if (!open) setQuery('');
    },
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEscape:
          // Escape closes the list and puts the chosen label back; on a closed list it
          // empties the field only where the field may be empty.
          if (state.isOpen) return { ...changes, inputValue: toText(state.selectedItem) };
          if (clearable) return changes;
          return {
            ...changes,
            selectedItem: state.selectedItem,
            inputValue: toText(state.selectedItem),
          };
        case useCombobox.stateChangeTypes.InputBlur:
          // Leaving without choosing leaves no half-typed search in the field.
          return { ...changes, inputValue: toText(changes.selectedItem) };
        default:
          return changes;
      }
    },
  });

  const showClear = clearable && value !== null && !disabled;
  const selectedKey = value === null ? null : getOptionValue(value);

  return (
    <ControlAnchor>
      <SearchInput
        {...getInputProps({
          ref: setInput,
          disabled,
          placeholder,
          'aria-describedby': control['aria-describedby'],
          'aria-invalid': control['aria-invalid'],
          'aria-required': control.required,
          onBlur,
        })}
        $room={adornmentRoom(showClear)}
      />
      <FieldAdornments>
        {showClear ? (
          <FieldIconButton
            aria-label={clearLabel}
            onClick={() => {
              onChange(null);
              input?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </FieldIconButton>
        ) : null}
        {/* The input opens the list itself (typing, arrows, click): the chevron is for the
            mouse only, out of the tab order and hidden from assistive technology. */}
        <FieldIconButton {...getToggleButtonProps({ disabled, 'aria-hidden': true, tabIndex: -1 })}>
          ▾
        </FieldIconButton>
      </FieldAdornments>
      <MenuPopup $open={isOpen}>
        <Listbox $maxHeight={maxMenuHeight} {...getMenuProps({ 'aria-label': label })}>
          {isOpen ? (
            <OptionItems
              items={items}
              highlightedIndex={highlightedIndex}
              isSelected={(option) => getOptionValue(option) === selectedKey}
              getItemProps={getItemProps}
              getOptionValue={getOptionValue}
              getOptionLabel={getOptionLabel}
              renderOption={renderOption}
            />
          ) : null}
        </Listbox>
        <MenuMessage
          open={isOpen}
          loading={loading}
          empty={items.length === 0}
          loadingText={loadingText}
          emptyText={emptyText}
        />
      </MenuPopup>
    </ControlAnchor>
  );
}

const Trigger = styled.div<{ $room: number }>`
  ${controlBoxStyles}
  padding: ${({ theme, $room }) => `${theme.space(1)} ${theme.space($room)} ${theme.space(1)} ${theme.space(3)}`};
  cursor: pointer;
`;

const TriggerText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Placeholder = styled.span`
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const SearchInput = styled.input<{ $room: number }>`
  ${controlStyles}
  height: ${({ theme }) => theme.controlHeight};
  padding: ${({ theme, $room }) => `0 ${theme.space($room)} 0 ${theme.space(3)}`};
`;
