import {
  BlockListLogsScreen,
  blockListLogsTexts,
} from '../features/block-list-logs/components/block-list-logs-screen';

export const BlockListLogsTitle = blockListLogsTexts.title;

/** block-list-logs (spec 02 §2.10). */
export default function BlockListLogsPage() {
  return <BlockListLogsScreen />;
}
