import { useState } from 'react';
import { platformFacts } from '@outsync/contracts';
import { categoriesFromLines, type ApiKey, type LeadCategory } from '@outsync/contracts/accounts';
import { useToast } from '@outsync/ui';
import { Table, type TableColumn } from '@outsync/ui/data';
import { SubmitButton, TextareaField } from '@outsync/ui/form';
import { Dialog } from '@outsync/ui/overlay';
import { FormActions, StackedForm } from '../../../shared/components/screen-parts';
import { useAddLeadCategories } from '../api/add-lead-categories';
import { useLeadCategories } from '../api/get-lead-categories';

/** The dialog's texts (spec 02 §2.5, §8; the table's hidden caption is ours). */
export const leadCategoriesTexts = {
  caption: 'Lead categories',
  id: 'ID',
  createdAt: 'Created At',
  name: 'Name',
  empty: 'No lead categories found Or Invalid API Key',
  lines: 'Add Categories (one per line):',
  add: 'Add',
  added: 'Categories added',
} as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

// Sized by ui/README.md, "Tables: one sizing rule": a category's id may be any platform's token.
const columns: TableColumn<LeadCategory>[] = [
  {
    id: 'id',
    header: leadCategoriesTexts.id,
    cell: (row) => row.id,
    rowHeader: true,
    sizing: 'token',
    width: '30%',
  },
  {
    id: 'createdAt',
    header: leadCategoriesTexts.createdAt,
    cell: (row) => (row.created_at ? dateTime.format(new Date(row.created_at)) : '—'),
    sizing: 'fixed',
    width: '200px',
  },
  { id: 'name', header: leadCategoriesTexts.name, cell: (row) => row.name },
];

/**
 * The lead categories of one key (spec 02 §2.5), titled by its description. HeyReach keys take
 * new categories by hand, one per line; the list becomes the service's answer.
 */
export function LeadCategoriesDialog({
  apiKey,
  canAdd,
  onClose,
}: {
  apiKey: ApiKey;
  /** The caller may change the key (its own table); "All API Keys" only looks. */
  canAdd: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const categories = useLeadCategories(apiKey.id);
  const adding = useAddLeadCategories(apiKey.id);
  const [lines, setLines] = useState('');
  // A failed read clears the list (spec 02 §8).
  const rows = categories.isError ? [] : (categories.data ?? []);
  const byHand = canAdd && platformFacts[apiKey.platform].leadCategoriesByHand;

  const add = async () => {
    const added = categoriesFromLines(lines, apiKey.userProfileId);
    if (added.length === 0) return;
    const list = await adding.mutateAsync(added).catch(() => null);
    if (!list) return;
    setLines('');
    toast.show({ severity: 'success', detail: leadCategoriesTexts.added });
  };

  return (
    <Dialog open onClose={onClose} title={apiKey.description} size="lg">
      <Table
        caption={leadCategoriesTexts.caption}
        captionHidden
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        loading={categories.isPending}
        emptyText={leadCategoriesTexts.empty}
      />
      {byHand ? (
        <StackedForm
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <TextareaField
            label={leadCategoriesTexts.lines}
            value={lines}
            onChange={(event) => setLines(event.target.value)}
            rows={5}
          />
          <FormActions>
            <SubmitButton busy={adding.isPending}>{leadCategoriesTexts.add}</SubmitButton>
          </FormActions>
        </StackedForm>
      ) : null}
    </Dialog>
  );
}
