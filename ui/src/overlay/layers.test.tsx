// The layer model (ui/README.md, "Overlays"): toasts follow the innermost modal and show above
// it; Escape closes the innermost thing open. jsdom has neither the top layer nor the Popover
// API: a small stand-in below records what a browser would put in the top layer, in order.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Select } from '../select/select';
import { useToast } from '../toast/toast-store';
import { UiProvider } from '../ui-provider';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';
import { shadowRootContainer } from '../test/shadow-root';
import { Tooltip } from './tooltip';

/** The top layer, bottom first: modal dialogs and shown popovers. */
const topLayer: Element[] = [];
const enter = (element: Element) => {
  leave(element);
  topLayer.push(element);
};
const leave = (element: Element) => {
  const index = topLayer.indexOf(element);
  if (index >= 0) topLayer.splice(index, 1);
};
const realMatches = Element.prototype.matches;

beforeEach(() => {
  topLayer.length = 0;
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
      enter(this);
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      leave(this);
    },
  });
  Object.assign(HTMLElement.prototype, {
    showPopover(this: HTMLElement) {
      // As in browsers: a popover already showing cannot be shown again.
      if (topLayer.includes(this)) throw new DOMException('already showing', 'InvalidStateError');
      enter(this);
    },
    hidePopover(this: HTMLElement) {
      leave(this);
    },
  });
  Element.prototype.matches = function matches(this: Element, selector: string) {
    return selector === ':popover-open'
      ? topLayer.includes(this)
      : realMatches.call(this, selector);
  } as typeof realMatches;
});

afterEach(() => {
  const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  delete dialog.showModal;
  delete dialog.close;
  const element = HTMLElement.prototype as Partial<HTMLElement>;
  delete element.showPopover;
  delete element.hidePopover;
  Element.prototype.matches = realMatches;
});

const platforms = ['Smartlead', 'Instantly', 'HeyReach'];

/** An 'Update ApiKey'-like dialog: a description, a platform select, an owner tooltip. */
function Settings({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [platform, setPlatform] = useState<string | null>('Smartlead');
  const toast = useToast();
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit key</button>
      <button onClick={() => toast.show({ severity: 'info', detail: 'Before the dialog' })}>
        Notify
      </button>
      <Dialog title="Update ApiKey" open={open} onClose={() => setOpen(false)}>
        <label>
          Description
          <input />
        </label>
        <Select<string>
          label="Platform"
          options={platforms}
          getOptionValue={(option) => option}
          getOptionLabel={(option) => option}
          value={platform}
          onChange={setPlatform}
        />
        <Tooltip content="Hub Id: 42">
          <button>Owner</button>
        </Tooltip>
        <button
          onClick={() =>
            toast.show({ severity: 'warn', detail: 'Please enter a description', life: 0 })
          }
        >
          Update
        </button>
        {children}
      </Dialog>
    </>
  );
}

function renderSettings(children?: ReactNode, container?: HTMLElement) {
  render(
    <Provider>
      <UiProvider>
        <Settings>{children}</Settings>
      </UiProvider>
    </Provider>,
    container ? { container } : undefined,
  );
}

function openSettings() {
  fireEvent.click(screen.getByRole('button', { name: 'Edit key' }));
  return screen.getByRole('dialog', { name: 'Update ApiKey' });
}

const description = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement;
const platformField = () => screen.getByRole('combobox', { name: 'Platform' });
const region = () => screen.getByRole('region', { name: 'Notifications', hidden: true });

describe('Escape closes the innermost open thing only', () => {
  test("with a select's list open in a dialog, Escape closes the list; the dialog and its edits stay", () => {
    renderSettings();
    const dialog = openSettings();
    fireEvent.change(description(), { target: { value: 'Edited, not saved' } });

    fireEvent.click(platformField());
    expect(screen.getAllByRole('option')).toHaveLength(3);
    fireEvent.keyDown(platformField(), { key: 'Escape' });

    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(platformField().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Update ApiKey' })).toBe(dialog);
    expect(description().value).toBe('Edited, not saved');

    // Nothing open inside any more: the next Escape is the dialog's.
    fireEvent.keyDown(platformField(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("the browser's close request with the list open is prevented and closes the list only", () => {
    renderSettings();
    const dialog = openSettings();
    fireEvent.click(platformField());
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Update ApiKey' })).toBe(dialog);
  });

  test('a tip shown by hovering while the focus is in a field: Escape hides the tip, then closes the dialog', () => {
    renderSettings();
    openSettings();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Owner' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Hub Id: 42');

    fireEvent.keyDown(description(), { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeNull();

    fireEvent.keyDown(description(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a question asked over the dialog closes first, then the dialog', () => {
    function AskToDelete() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <button onClick={() => setAsking(true)}>Delete key</button>
          <ConfirmDialog
            open={asking}
            title="Do you want to delete this key?"
            onConfirm={() => setAsking(false)}
            onCancel={() => setAsking(false)}
          />
        </>
      );
    }
    renderSettings(<AskToDelete />);
    openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Delete key' }));
    const question = screen.getByRole('dialog', { name: 'Do you want to delete this key?' });

    fireEvent.keyDown(within(question).getByRole('button', { name: 'No' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Do you want to delete this key?' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Update ApiKey' })).not.toBeNull();
  });
});

describe('toasts over a modal dialog', () => {
  test('the toast viewport moves into the dialog that opens and is shown again, above it', () => {
    renderSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(topLayer.at(-1)).toBe(region());

    const dialog = openSettings();
    // Inside the dialog (so not inert), and the newest in the top layer (so not covered).
    expect(dialog.contains(region())).toBe(true);
    expect(topLayer).toEqual([dialog, region()]);
    expect(within(region()).getByRole('status').textContent).toContain('Before the dialog');

    // A validation toast raised from the dialog shows there too, and its × closes it.
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const warning = within(region()).getByRole('alert');
    expect(warning.textContent).toContain('Please enter a description');
    expect(topLayer.at(-1)).toBe(region());
    fireEvent.click(within(warning).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(region()).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBe(dialog);

    // Closed, the dialog gives the toasts back to the page.
    // The dialog's Close, not the toast's (which is named apart from it).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(region().closest('dialog')).toBeNull();
    expect(topLayer).toEqual([region()]);
  });

  test("an open select's list is shown in the top layer above the dialog; a new toast above both", () => {
    renderSettings();
    const dialog = openSettings();
    fireEvent.click(platformField());
    const list = screen.getByRole('listbox', { name: 'Platform' });
    const popup = list.parentElement as HTMLElement;
    expect(topLayer.indexOf(popup)).toBeGreaterThan(topLayer.indexOf(dialog));

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(topLayer.at(-1)).toBe(region());
    expect(topLayer.indexOf(region())).toBeGreaterThan(topLayer.indexOf(popup));
  });

  test('a question over the dialog takes the toasts, and gives them back when it closes', () => {
    function AskToDelete() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <button onClick={() => setAsking(true)}>Delete key</button>
          <ConfirmDialog
            open={asking}
            title="Do you want to delete this key?"
            onConfirm={() => setAsking(false)}
            onCancel={() => setAsking(false)}
          />
        </>
      );
    }
    renderSettings(<AskToDelete />);
    const dialog = openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Delete key' }));
    const question = screen.getByRole('dialog', { name: 'Do you want to delete this key?' });
    expect(question.contains(region())).toBe(true);
    expect(topLayer.at(-1)).toBe(region());

    fireEvent.click(within(question).getByRole('button', { name: 'No' }));
    expect(question.isConnected).toBe(false);
    expect(dialog.contains(region())).toBe(true);
    expect(region().closest('dialog')).toBe(dialog);
    expect(topLayer.at(-1)).toBe(region());
  });

  test('in a shadow root (the embed), the toasts move into the dialog there', () => {
    const { shadow, container, remove } = shadowRootContainer();
    renderSettings(undefined, container);
    fireEvent.click(shadow.querySelector('button') as HTMLButtonElement);
    const dialog = shadow.querySelector('dialog') as HTMLDialogElement;
    const toasts = shadow.querySelector('section[aria-label="Notifications"]');
    expect(toasts).not.toBeNull();
    expect(dialog.contains(toasts)).toBe(true);
    expect(topLayer).toEqual([dialog, toasts]);
    remove();
  });

  test('a toast keeps its time when the viewport moves into a dialog', () => {
    jest.useFakeTimers();
    try {
      renderSettings();
      fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
      act(() => jest.advanceTimersByTime(2000));
      openSettings();
      expect(within(region()).queryByRole('status')).not.toBeNull();
      act(() => jest.advanceTimersByTime(1000));
      expect(within(region()).queryByRole('status')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
