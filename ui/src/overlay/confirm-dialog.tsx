import { useState, type ReactNode } from 'react';
import { Button } from '@outsync/ui';
import { BusyButton } from '../form/submit-button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Do you want to delete ada@example.com?'. */
  title: ReactNode;
  /** What confirming does, e.g. 'This only deletes the User Profile.'. */
  text?: ReactNode;
  /**
   * Yes. While a returned promise runs, Yes is busy and nothing else can be pressed; the caller
   * closes the dialog when it is done. A rejection keeps the dialog open (the caller has shown
   * its own error toast).
   */
  onConfirm: () => void | Promise<unknown>;
  /** No, the X and Escape. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints Yes red, for actions that destroy data. */
  confirmVariant?: 'primary' | 'danger';
}

/** A yes/no question in a modal dialog; focus starts on No, the safe answer. */
export function ConfirmDialog({
  open,
  title,
  text,
  onConfirm,
  onCancel,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  confirmVariant = 'primary',
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const pending = onConfirm();
    if (!(pending instanceof Promise)) return;
    setBusy(true);
    try {
      await pending;
    } catch {
      // The caller reports its own failure; the question stays open to try again or say No.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? ignore : onCancel}
      title={title}
      description={text}
      size="sm"
      footer={
        <>
          <Button $variant="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <BusyButton variant={confirmVariant} busy={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </BusyButton>
        </>
      }
    />
  );
}

function ignore() {}
