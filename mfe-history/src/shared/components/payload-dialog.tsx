import type { ReactNode } from 'react';
import { JsonViewer } from '@outsync/ui/json';
import { Dialog } from '@outsync/ui/overlay';
import { LoadingMessageText } from './loading-text';
import { historyTexts } from './history-texts';
import { payloadTexts } from './payload-texts';

export type PayloadDialogProps = {
  id: string;
  value: unknown;
  loading: boolean;
  onClose: () => void;
  /** Shown above the JSON once loaded (a webhook log's state in words). */
  header?: ReactNode;
};

/** The JSON of a payload in a dialog; a spinner until it is there. */
export function PayloadDialog({ id, value, loading, onClose, header }: PayloadDialogProps) {
  return (
    <Dialog open onClose={onClose} title={payloadTexts.dialogTitle(id)} size="lg">
      {loading ? (
        <LoadingMessageText text={historyTexts.loading} />
      ) : (
        <>
          {header}
          <JsonViewer value={value} label={payloadTexts.jsonLabel} expandDepth={3} />
        </>
      )}
    </Dialog>
  );
}
