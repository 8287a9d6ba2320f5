import { useCombobox, useSelect } from 'downshift';
import { theme } from '@outsync/ui';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  controlStyles,
  Field,
  splitFieldFrameProps,
  type FieldControlProps,
  type FieldLabelWiring,
} from '../form/field';
import {
  adornmentRoom,
  ChevronIcon,
  ComboboxChevron,
  downshiftItemProps,
  fieldAria,
  FieldIconButton,
  filterOptions,
  SelectFrame,
  type DownshiftMenu,
  type SelectFieldProps,
} from './select-parts';
import { Placeholder, Trigger, TriggerText } from './select-look';

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

type ControlProps<Option> = SelectProps<Option> & {
  control: FieldControlProps;
  fieldLabel: FieldLabelWiring;
};

/**
 * A labelled single select on downshift (WAI-ARIA combobox with a listbox popup): a plain
 * select-only combobox, or with `searchable` an editable one that filters as you type.
 */
export function Select<Option>(props: SelectProps<Option>) {
  const [frame] = splitFieldFrameProps(props);
  return (
    <Field {...frame}>
      {(control, fieldLabel) =>
        props.searchable ? (
          <SearchableSelectControl {...props} control={control} fieldLabel={fieldLabel} />
        ) : (
          <PlainSelectControl {...props} control={control} fieldLabel={fieldLabel} />
        )
      }
    </Field>
  );
}

function PlainSelectControl<Option>(props: ControlProps<Option>) {
  const { control, fieldLabel, value, onChange, placeholder, onBlur } = props;
  const { options, loading = false, disabled = false } = props;
  const items = useMemo(() => (loading ? [] : [...options]), [loading, options]);
  // A callback ref (not a ref object): downshift's getter receives it during render.
  const [trigger, setTrigger] = useState<HTMLDivElement | null>(null);
  const select = useSelect<Option>({
    items,
    selectedItem: value,
    ...downshiftItemProps(props),
    toggleButtonId: control.id,
    // The Field's <label>: downshift names the combobox and the listbox by it (aria-labelledby).
    labelId: fieldLabel.labelId,
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem),
  });

  // downshift keeps `disabled` on the element it returns; a div has no such attribute.
  const { disabled: _disabled, ...triggerProps } = select.getToggleButtonProps({
    ref: setTrigger,
    disabled,
    tabIndex: disabled ? -1 : 0,
    'aria-disabled': disabled || undefined,
    ...fieldAria(control),
    onBlur,
    onKeyDown: (event: KeyboardEvent) => {
      // downshift closes the list; prevented, it is handled: a dialog around stays open.
      if (event.key === 'Escape' && select.isOpen) event.preventDefault();
    },
  });

  return (
    <SingleSelectFrame
      field={props}
      menu={select}
      items={items}
      focusAfterClear={trigger}
      chevron={<ChevronIcon />}
    >
      <Trigger {...triggerProps} $room={adornmentRoom(showsClear(props))}>
        {value === null ? (
          <Placeholder>{placeholder}</Placeholder>
        ) : (
          <TriggerText>{props.getOptionLabel(value)}</TriggerText>
        )}
      </Trigger>
    </SingleSelectFrame>
  );
}

function SearchableSelectControl<Option>(props: ControlProps<Option>) {
  const { control, fieldLabel, value, onChange, placeholder, onBlur, clearable = false } = props;
  const { options, getOptionLabel, getOptionSearchText, loading = false, disabled = false } = props;
  // What the user typed; the input shows the chosen label otherwise, which must not filter.
  const [query, setQuery] = useState('');
  const items = useMemo(
    () => (loading ? [] : filterOptions(options, query, getOptionLabel, getOptionSearchText)),
    [loading, options, query, getOptionLabel, getOptionSearchText],
  );
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const toText = (option: Option | null | undefined) => (option ? getOptionLabel(option) : '');
  const combobox = useCombobox<Option>({
    items,
    selectedItem: value,
    ...downshiftItemProps(props),
    itemToString: (option) => toText(option),
    inputId: control.id,
    labelId: fieldLabel.labelId,
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

  // Downshift follows a new selected item by its key; the same key under a new label (a field
  // renamed when the list is read again) must show the new label too.
  const chosenLabel = toText(value);
  const { isOpen, setInputValue } = combobox;
  useEffect(() => {
    if (!isOpen) setInputValue(chosenLabel);
  }, [chosenLabel, isOpen, setInputValue]);

  return (
    <SingleSelectFrame
      field={props}
      menu={combobox}
      items={items}
      focusAfterClear={input}
      chevron={
        <ComboboxChevron getToggleButtonProps={combobox.getToggleButtonProps} disabled={disabled} />
      }
    >
      <SearchInput
        {...combobox.getInputProps({
          ref: setInput,
          disabled,
          placeholder,
          ...fieldAria(control),
          onBlur,
        })}
        $room={adornmentRoom(showsClear(props))}
      />
    </SingleSelectFrame>
  );
}

/** The clear button shows on a clearable field that holds a value and can be changed. */
const showsClear = ({
  clearable = false,
  value,
  disabled = false,
}: Pick<SelectProps<unknown>, 'clearable' | 'value' | 'disabled'>) =>
  clearable && value !== null && !disabled;

/** The frame of a single select: the chosen option marked in the list, and the clear button. */
function SingleSelectFrame<Option>({
  field,
  menu,
  items,
  focusAfterClear,
  chevron,
  children,
}: {
  field: SelectProps<Option>;
  menu: DownshiftMenu<Option>;
  items: readonly Option[];
  /** The control, which keeps the focus once the clear button has gone. */
  focusAfterClear: HTMLElement | null;
  chevron: ReactNode;
  children: ReactNode;
}) {
  const { value, onChange, getOptionValue, clearLabel = 'Clear selection' } = field;
  const selectedKey = value === null ? null : getOptionValue(value);
  const clear = () => {
    onChange(null);
    focusAfterClear?.focus();
  };
  return (
    <SelectFrame
      field={field}
      menu={menu}
      items={items}
      isSelected={(option) => getOptionValue(option) === selectedKey}
      adornments={
        <>
          {showsClear(field) ? (
            <FieldIconButton aria-label={clearLabel} onClick={clear}>
              <span aria-hidden="true">×</span>
            </FieldIconButton>
          ) : null}
          {chevron}
        </>
      }
    >
      {children}
    </SelectFrame>
  );
}

const SearchInput = styled.input<{ $room: number }>`
  ${controlStyles}
  height: ${theme.controlHeight};
  padding: ${({ $room }) => `0 ${theme.space($room)} 0 ${theme.space(3)}`};
`;
