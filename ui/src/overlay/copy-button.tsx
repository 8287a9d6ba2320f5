import { useCallback, useRef, type ComponentProps, type ReactNode } from 'react';
// By package name: the toasts' atom lives in the shared `@outsync/ui` singleton the shell
// renders; a relative import would bundle a second store into each module, whose toasts no
// viewport shows.
import { Button, useToast } from '@outsync/ui';
import { focusedElement } from './focused-element';

const defaultCopyFailedMessage = 'Could not copy to the clipboard.';

export interface CopyMessages {
  /** The success toast, e.g. 'Copied webhook URL.'. */
  success: string;
  /** The error toast when neither way of copying worked. */
  error?: string;
}

/**
 * Copies a text and says so in a toast. `container` is where the fallback's hidden textarea
 * goes: inside an open modal dialog the rest of the page is inert and cannot be selected.
 */
export function useCopyToClipboard() {
  const toast = useToast();
  return useCallback(
    async (text: string, messages: CopyMessages, container?: HTMLElement | null) => {
      try {
        await copyText(text, container ?? document.body);
        toast.show({ severity: 'success', detail: messages.success });
        return true;
      } catch {
        toast.show({ severity: 'error', detail: messages.error ?? defaultCopyFailedMessage });
        return false;
      }
    },
    [toast],
  );
}

export type CopyButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  /** What goes to the clipboard. */
  text: string;
  successMessage: string;
  errorMessage?: string;
  /** The button's label; 'Copy' by default. */
  children?: ReactNode;
};

/** A button that copies `text` and shows the caller's success message as a toast. */
export function CopyButton({
  text,
  successMessage,
  errorMessage,
  children = 'Copy',
  $variant = 'secondary',
  ...button
}: CopyButtonProps) {
  const copy = useCopyToClipboard();
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <Button
      {...button}
      ref={ref}
      $variant={$variant}
      onClick={() =>
        void copy(
          text,
          { success: successMessage, error: errorMessage },
          ref.current?.parentElement,
        )
      }
    >
      {children}
    </Button>
  );
}

/**
 * How long the Clipboard API may take. A browser that waits on a permission prompt nobody
 * answers (headless, some embedding iframes) never settles; the fallback still runs within the
 * click's user activation.
 */
export const CLIPBOARD_WAIT_MS = 1000;

/** The Clipboard API where allowed (secure contexts), else the older execCommand('copy'). */
export async function copyText(text: string, container: HTMLElement): Promise<void> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        navigator.clipboard.writeText(text),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error('The clipboard did not answer')),
            CLIPBOARD_WAIT_MS,
          );
        }),
      ]);
      return;
    } catch {
      // Denied or unanswered (no permission, not focused, an embedding iframe without
      // clipboard-write): the fallback below may still work.
    } finally {
      clearTimeout(timer);
    }
  }
  copyWithTextarea(text, container);
}

function copyWithTextarea(text: string, container: HTMLElement) {
  if (typeof document.execCommand !== 'function') throw new Error('Copying is not supported');
  const previousFocus = focusedElement();
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '0';
  textarea.style.opacity = '0';
  container.append(textarea);
  try {
    // Focused, as a browser copies a text control's selection only when it has the focus.
    textarea.focus({ preventScroll: true });
    textarea.select();
    if (!document.execCommand('copy')) throw new Error('Copying was refused');
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
}
