import type { ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';

// The frame of a virtualised list (the status line and the scroll viewport), without TanStack
// Virtual: the on-demand table (`@outsync/ui/lazy`) draws it while there are no rows.

/**
 * The table's `aria-rowcount`: the header row counts, and -1 means the total is not known yet
 * (more pages to come). One rule for the windowed table and its lazy stand-in.
 */
export function infiniteRowCount(
  totalCount: number | undefined,
  hasMore: boolean | undefined,
  loadedRows: number,
): number {
  if (totalCount !== undefined) return totalCount + 1;
  return hasMore ? -1 : loadedRows + 1;
}

export const infiniteDefaults = {
  loadMoreThreshold: 5,
  loadingText: 'Loading...',
  estimateRowHeight: 48,
  overscan: 6,
} as const;

/** What InfiniteRowsFrame takes from the props, as useInfiniteRows resolves them. */
export interface InfiniteRowsFrameSettings {
  viewportRef: (viewport: HTMLDivElement | null) => void;
  statusText: ReactNode;
  height: string | undefined;
  className: string | undefined;
}

/**
 * The polite status line, then the scroll viewport: focusable so keyboards scroll it, named and
 * marked busy by the caller (`aria-*`).
 */
export function InfiniteRowsFrame({
  viewportRef,
  statusText,
  height,
  className,
  children,
  ...viewportAria
}: InfiniteRowsFrameSettings & {
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-busy'?: true;
}) {
  return (
    <VirtualRoot className={className}>
      {statusText !== undefined ? <StatusText role="status">{statusText}</StatusText> : null}
      <Viewport ref={viewportRef} $height={height} role="region" tabIndex={0} {...viewportAria}>
        {children}
      </Viewport>
    </VirtualRoot>
  );
}

const VirtualRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
`;

const StatusText = styled.p`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;

/**
 * Without a height: as tall as its rows, at most the screen below the host's header less the
 * room under the list (the page's and card's padding), so it never leaves the page empty below.
 */
const fillHeight = 'calc(100dvh - var(--outsync-toast-offset-top, 16px) - 5rem)';

const Viewport = styled.div<{ $height: string | undefined }>`
  ${({ $height }) => ($height ? `height: ${$height};` : `max-height: ${fillHeight};`)}
  /* Contains absolutely positioned row content (visually hidden texts): positioned against the
     page, the rows far down the list would make the page that long, empty below the list. */
  position: relative;
  overflow: auto;
  overscroll-behavior: contain;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
`;
