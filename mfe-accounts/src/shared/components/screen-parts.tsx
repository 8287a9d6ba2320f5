import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Button, theme } from '@outsync/ui';
import type { TableColumn } from '@outsync/ui/data';
import { BusyButton } from '@outsync/ui/form';

// The layout primitives live in the design system; the screens import them from here with the
// rest of their parts.
export { Sections } from '@outsync/ui';
export { FieldGrid, FieldGridRow, FormActions } from '@outsync/ui/form';

/** A titled part of a screen's card ("Add API Key"), named by its heading. */
export function ScreenSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  /** Buttons at the heading's end. */
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <SectionHeader>
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {actions}
      </SectionHeader>
      {children}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  min-width: 0;
`;

const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
`;

const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${theme.font.size.lg};
`;

/** A form laid out as a column of its grid and actions. */
export const StackedForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

/** A line of muted text: an empty state, a note under a control. */
export const MutedText = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;

/**
 * An identifier in a table cell: 24 hexadecimal digits set small in a monospaced font, two lines
 * of twelve in an ID column (`idColumnWidth`).
 */
export const IdText = styled.span`
  font-family: ${theme.font.mono};
  font-size: 12px;
  word-break: break-all;
`;

export const idColumnWidth = '128px';

/** The ID column every table of this module starts with: the row's id, as the row header. */
export function idColumn<Row extends { id: string }>(header: string): TableColumn<Row> {
  return {
    id: 'id',
    header,
    cell: (row) => <IdText>{row.id}</IdText>,
    rowHeader: true,
    width: idColumnWidth,
  };
}

/** Text that wraps only where it has spaces or hyphens (an e-mail, a domain stays whole). */
export const WholeWords = styled.span`
  overflow-wrap: normal;
  word-break: normal;
`;

/** Lines inside one table cell. */
export const CellLines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

/** A secondary line inside a table cell. */
export const CellNote = styled.span`
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;

const cellButtonStyles = css`
  min-height: 0;
  padding: ${theme.space(1)} ${theme.space(3)};
  font-size: ${theme.font.size.sm};
  white-space: nowrap;
`;

/** A button inside a table cell: a size smaller than a form's. */
export const CellButton = styled(Button)`
  ${cellButtonStyles}
`;

/** A table cell's button whose action takes a while (it shows a spinner meanwhile). */
export const CellBusyButton = styled(BusyButton)`
  ${cellButtonStyles}
`;
