import type { ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { LoadingMessage } from '../data/loading-message';
import { InfiniteRowsFrame, useInfiniteRows, type InfiniteRowsProps } from './infinite-rows';

export interface VirtualListProps<Item> extends InfiniteRowsProps {
  items: readonly Item[];
  renderItem: (item: Item, index: number) => ReactNode;
  getItemKey: (item: Item, index: number) => string | number;
  /** Names the list's scroll region. */
  label: string;
  /** All items there are, when known: read out as each item's set size. */
  totalCount?: number;
}

/**
 * A list (`role="list"`) that renders only the items near the viewport, for content that is not
 * tabular (cards, log lines). Items are measured as they render, so their heights may vary.
 */
export function VirtualList<Item>({
  items,
  renderItem,
  getItemKey,
  label,
  totalCount,
  ...infinite
}: VirtualListProps<Item>) {
  const { virtualizer, virtualRows, frame, busy, loadingMessage, showEmpty } = useInfiniteRows(
    items,
    getItemKey,
    infinite,
  );
  // -1: the total is not known yet.
  const setSize = totalCount ?? (infinite.hasMore ? -1 : items.length);

  return (
    <InfiniteRowsFrame {...frame} aria-label={label} aria-busy={busy}>
      {items.length > 0 ? (
        <ListBody role="list" style={{ height: virtualizer.getTotalSize() }}>
          {virtualRows.map((virtualItem) => (
            <ListItem
              key={virtualItem.key}
              role="listitem"
              data-index={virtualItem.index}
              ref={virtualizer.measureElement}
              aria-posinset={virtualItem.index + 1}
              aria-setsize={setSize}
              style={{ transform: `translateY(${virtualItem.start}px)` }}
            >
              {renderItem(items[virtualItem.index]!, virtualItem.index)}
            </ListItem>
          ))}
        </ListBody>
      ) : null}
      {loadingMessage !== null ? (
        <CenteredMessage>
          {/* The first page fills the empty viewport; the next one is a row under the others. */}
          <LoadingMessage
            text={loadingMessage}
            spinnerSize={items.length > 0 ? 'small' : 'medium'}
          />
        </CenteredMessage>
      ) : null}
      {showEmpty ? <CenteredMessage>{infinite.emptyText}</CenteredMessage> : null}
    </InfiniteRowsFrame>
  );
}

const ListBody = styled.div`
  position: relative;
  width: 100%;
`;

// Positioned by transform; its height is whatever its content needs, then measured.
const ListItem = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  border-bottom: 1px solid ${theme.colors.border};
  overflow-wrap: anywhere;
`;

const CenteredMessage = styled.div`
  display: flex;
  justify-content: center;
  padding: ${theme.space(3)};
  color: ${theme.colors.inkMuted};
`;
