import { useCombobox, useMultipleSelection } from 'downshift';
import { theme } from '@outsync/ui';
import { useMemo, useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { Chip } from '../data/chip';
import {
  controlStyles,
  Field,
  splitFieldFrameProps,
  type FieldControlProps,
  type FieldLabelWiring,
} from '../form/field';
import {
  adornmentRoom,
  ComboboxChevron,
  downshiftItemProps,
  fieldAria,
  filterOptions,
  SelectFrame,
  type SelectFieldProps,
} from './select-parts';

export interface MultiSelectProps<Option> extends SelectFieldProps<Option> {
  value: readonly Option[];
  onChange: (options: Option[]) => void;
  /** The accessible name of a chip's remove button; 'Remove {label}' by default. */
  getRemoveLabel?: (optionLabel: string) => string;
}

/**
 * A searchable multi-select: chosen options show as chips with remove buttons, the text input
 * filters the rest. Keyboard as downshift gives it: arrows and Enter in the list (which stays
 * open to pick several), Backspace in an empty input removes the last chip, ArrowLeft moves to
 * the chips, where Backspace or Delete removes the focused one.
 */
export function MultiSelect<Option>(props: MultiSelectProps<Option>) {
  const [frame] = splitFieldFrameProps(props);
  return (
    <Field {...frame}>
      {(control, fieldLabel) => (
        <MultiSelectControl {...props} control={control} fieldLabel={fieldLabel} />
      )}
    </Field>
  );
}

function MultiSelectControl<Option>(
  props: MultiSelectProps<Option> & { control: FieldControlProps; fieldLabel: FieldLabelWiring },
) {
  const { control, fieldLabel, value, onChange, placeholder, onBlur, getRemoveLabel } = props;
  const { options, getOptionValue, getOptionLabel, getOptionSearchText } = props;
  const { loading = false, disabled = false } = props;
  const [query, setQuery] = useState('');
  // A callback ref (not a ref object): downshift's getters receive it during render.
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const { itemToKey, itemToString, isItemDisabled } = downshiftItemProps(props);

  // The list offers what is not chosen yet, filtered by the search.
  const items = useMemo(() => {
    if (loading) return [];
    const chosen = new Set(value.map(getOptionValue));
    const available = options.filter((option) => !chosen.has(getOptionValue(option)));
    return filterOptions(available, query, getOptionLabel, getOptionSearchText);
  }, [loading, value, options, query, getOptionValue, getOptionLabel, getOptionSearchText]);

  const { getSelectedItemProps, getDropdownProps, addSelectedItem, removeSelectedItem } =
    useMultipleSelection<Option>({
      selectedItems: [...value],
      itemToKey,
      onSelectedItemsChange: ({ selectedItems }) => onChange(selectedItems),
    });

  const combobox = useCombobox<Option>({
    items,
    inputValue: query,
    // The combobox only picks; the choice lives in useMultipleSelection.
    selectedItem: null,
    itemToKey,
    itemToString,
    isItemDisabled,
    inputId: control.id,
    labelId: fieldLabel.labelId,
    onInputValueChange: ({ inputValue }) => setQuery(inputValue),
    stateReducer: (_state, { type, changes }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          // Stay open with a fresh search, to pick several in a row.
          return { ...changes, isOpen: true, highlightedIndex: 0, inputValue: '' };
        case useCombobox.stateChangeTypes.InputBlur:
          // Leaving the field adds nothing and drops the unfinished search.
          return { ...changes, selectedItem: null, inputValue: '' };
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      const picked =
        type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
        type === useCombobox.stateChangeTypes.ItemClick;
      if (picked && selectedItem) addSelectedItem(selectedItem);
    },
  });

  const focusInput = (event: MouseEvent<HTMLDivElement>) => {
    // A click on the box's empty space, not on a chip or a button inside it.
    if (event.target === event.currentTarget) input?.focus();
  };

  return (
    <SelectFrame
      field={props}
      menu={combobox}
      items={items}
      isSelected={() => false}
      adornments={
        <ComboboxChevron getToggleButtonProps={combobox.getToggleButtonProps} disabled={disabled} />
      }
    >
      <ChipBox
        $invalid={Boolean(control['aria-invalid'])}
        $disabled={disabled}
        onClick={focusInput}
      >
        {value.map((option, index) => {
          const optionLabel = getOptionLabel(option);
          return (
            <Chip
              key={getOptionValue(option)}
              label={optionLabel}
              removeLabel={getRemoveLabel?.(optionLabel)}
              disabled={disabled}
              onRemove={() => {
                removeSelectedItem(option);
                input?.focus();
              }}
              {...getSelectedItemProps({ selectedItem: option, index })}
            />
          );
        })}
        <ChipInput
          {...combobox.getInputProps(
            getDropdownProps({
              ref: setInput,
              disabled,
              placeholder: value.length === 0 ? placeholder : undefined,
              ...fieldAria(control),
              onBlur,
            }),
          )}
        />
      </ChipBox>
    </SelectFrame>
  );
}

// Looks like a text field; the focus ring follows the input inside it.
const ChipBox = styled.div<{ $invalid: boolean; $disabled: boolean }>`
  ${controlStyles}
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(1)};
  min-height: ${theme.controlHeight};
  padding: ${`${theme.space(1)} ${theme.space(adornmentRoom(false))} ${theme.space(1)} ${theme.space(2)}`};
  cursor: text;
  border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ $disabled }) => ($disabled ? theme.colors.canvas : theme.colors.surface)};
  &:focus-within {
    border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.brand)};
    box-shadow: 0 0 0 3px
      color-mix(
        in srgb,
        ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.brand)} 18%,
        transparent
      );
  }
`;

const ChipInput = styled.input`
  flex: 1 0 ${theme.space(20)};
  min-width: 0;
  height: calc(${theme.controlHeight} - ${theme.space(3)});
  padding: 0 ${theme.space(1)};
  border: 0;
  background: transparent;
  font: inherit;
  color: inherit;
  &:focus {
    outline: none;
  }
  &::placeholder {
    color: ${theme.colors.inkMuted};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;
