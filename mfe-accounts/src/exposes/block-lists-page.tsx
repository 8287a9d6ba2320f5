import { BlockListsScreen } from '../features/block-lists/components/block-lists-screen';

export const BlockListsTitle = 'Block lists';

export default function BlockListsPage() {
  return <BlockListsScreen title={BlockListsTitle} />;
}
