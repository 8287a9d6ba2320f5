import type { KeyboardEvent } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { TextField, type TextFieldProps } from '@outsync/ui/form';
import type { FilterRefusal } from '../api/use-filter-search';
import { historyTexts } from './history-texts';

/**
 * A text filter: Enter runs the search (spec 02 §2.9–2.11). The placeholder, when the spec names
 * one ("Find By email"), also stands under the label.
 */
export function FilterTextField({
  onSearch,
  onValueChange,
  ...field
}: Omit<TextFieldProps, 'onChange' | 'onKeyDown'> & {
  value: string;
  onValueChange: (value: string) => void;
  onSearch: () => void;
}) {
  return (
    <TextField
      {...field}
      type={field.type ?? 'text'}
      enterKeyHint="search"
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onSearch();
        }
      }}
    />
  );
}

/**
 * The filters above a list, side by side as many as fit, each at least 220px wide, or
 * `$minColumn` where a filter's placeholder needs more to show whole.
 */
export const FilterBar = styled.div<{ $minColumn?: string }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(${({ $minColumn = '220px' }) => $minColumn}, 100%), 1fr)
  );
  gap: ${theme.space(4)};
  align-items: start;
`;

/** A screen's parts, one under another. */
export const ScreenStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(5)};
  min-width: 0;
`;

/** Secondary text under a cell's main value. */
export const Muted = styled.span`
  display: block;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;

/** A cell's lines, one under another. */
export const CellLines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  align-items: flex-start;
`;

/**
 * Says that a search the service refused was not run, the results being the previous search's;
 * with the service's message when it named no filter shown (those have it under the field).
 */
export function RefusalNote({ refusal }: { refusal: FilterRefusal | null }) {
  if (!refusal) return null;
  return (
    <Note role="alert">
      {refusal.message ? `${refusal.message} ` : null}
      {historyTexts.notSearched}
    </Note>
  );
}

const Note = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;
