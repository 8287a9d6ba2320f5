import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@outsync/ui';

// What the sections share: the layout of their groups of examples, and two small demo helpers.
// Not in sections/, where every file is a section.

/** One group of examples on a card: a title, an optional note, the examples. */
export function Group({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <GroupTitle>{title}</GroupTitle>
      {note ? <Note>{note}</Note> : null}
      {children}
    </Card>
  );
}

/** Stands in for a request's latency, so the examples show their busy states. */
export function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** 'primary' → 'Primary': labels made from variant and placement names. */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A section's groups, one under another. */
export const Groups = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(5)};
`;

/** Examples side by side, as many columns as fit, each at least `$minColumnWidth` wide. */
export const Grid = styled.div<{ $minColumnWidth?: string }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(${({ $minColumnWidth = '260px' }) => $minColumnWidth}, 1fr)
  );
  gap: ${theme.space(5)};
  align-items: start;
`;

/** Examples one under another. */
export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

/** Examples in a row that wraps; a row right under another keeps apart from it. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(3)};

  & + & {
    margin-top: ${theme.space(3)};
  }
`;

const GroupTitle = styled.h3`
  margin: 0 0 ${theme.space(2)};
  font-size: ${theme.font.size.lg};
`;

const Note = styled.p`
  margin: 0 0 ${theme.space(4)};
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;
