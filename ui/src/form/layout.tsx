import styled from 'styled-components';
import { theme } from '@outsync/ui';

/**
 * Form fields side by side, as many as fit, each at least 240px wide (or the whole width);
 * `$minColumn` raises that minimum for a form whose fields need more (a placeholder that must show
 * whole). A field in a `FieldGridRow` takes a row of its own.
 */
export const FieldGrid = styled.div<{ $minColumn?: string }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(${({ $minColumn = '240px' }) => $minColumn}, 100%), 1fr)
  );
  gap: ${theme.space(4)};
  align-items: start;
`;

/** A field of a `FieldGrid` on a whole row (a list whose options are long, as the profiles). */
export const FieldGridRow = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

/** A form's buttons, at its end. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${theme.space(2)};
`;
