import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useRef, useState, type ReactNode } from 'react';
import { UiProvider } from '../ui-provider';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog, type DialogProps } from './dialog';
import { shadowRootContainer } from '../test/shadow-root';
import { Tooltip } from './tooltip';

type Options = Partial<Omit<DialogProps, 'open' | 'onClose'>>;

function Harness({ children, ...options }: Options & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit webhook</button>
      <Dialog title="Webhook Settings" {...options} open={open} onClose={() => setOpen(false)}>
        {children}
      </Dialog>
    </>
  );
}

function openDialog(options: Options & { children?: ReactNode } = {}) {
  render(
    <UiProvider>
      <Harness {...options} />
    </UiProvider>,
  );
  const trigger = screen.getByRole('button', { name: 'Edit webhook' });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole('dialog', { name: 'Webhook Settings' }) };
}

const form = (
  <label>
    Description
    <input />
  </label>
);

test('the dialog is named by its title, described by its description, and has a Close button', () => {
  const { dialog } = openDialog({ description: 'Applies to new events only.', children: form });
  expect(screen.getByRole('heading', { name: 'Webhook Settings' })).toBeTruthy();
  const describedBy = dialog.getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(describedBy)?.textContent).toBe('Applies to new events only.');
  expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
});

test('nothing is rendered while closed', () => {
  render(
    <UiProvider>
      <Harness />
    </UiProvider>,
  );
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('focus moves to the first control of the content, not the X', () => {
  openDialog({ children: form });
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description' }));
});

test('without a focusable control the dialog itself takes the focus', () => {
  const { dialog } = openDialog({ children: <p>Nothing to do here.</p> });
  expect(document.activeElement).toBe(dialog);
});

test('initialFocus picks the control that takes the focus', () => {
  function WithInitialFocus() {
    const save = useRef<HTMLButtonElement>(null);
    return (
      <Harness initialFocus={save} footer={<button ref={save}>Save</button>}>
        {form}
      </Harness>
    );
  }
  render(
    <UiProvider>
      <WithInitialFocus />
    </UiProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Edit webhook' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
});

test('Escape closes the dialog and the focus returns to the trigger', () => {
  const { trigger } = openDialog({ children: form });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Description' }), { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(trigger);
});

test('the X closes the dialog and the focus returns to the trigger', () => {
  const { trigger } = openDialog({ children: form });
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(trigger);
});

test('inside a shadow root (an embedded module), the focus goes to the content and back to the trigger', () => {
  const { shadow, container, remove } = shadowRootContainer();
  render(
    <UiProvider>
      <Harness>{form}</Harness>
    </UiProvider>,
    { container },
  );
  const trigger = shadow.querySelector('button');
  trigger?.focus();
  fireEvent.click(trigger as HTMLButtonElement);
  const field = shadow.querySelector('input');
  expect(shadow.activeElement).toBe(field);
  fireEvent.keyDown(field as HTMLInputElement, { key: 'Escape' });
  expect(shadow.querySelector('dialog')).toBeNull();
  expect(shadow.activeElement).toBe(trigger);
  remove();
});

test('a click on the backdrop closes; a click or a drag inside does not', () => {
  const { dialog } = openDialog({ children: form });
  const input = screen.getByRole('textbox', { name: 'Description' });

  fireEvent.mouseDown(input);
  fireEvent.click(input);
  // Selecting text in the input and releasing over the backdrop clicks the dialog element.
  fireEvent.mouseDown(input);
  fireEvent.click(dialog);
  expect(screen.queryByRole('dialog')).not.toBeNull();

  fireEvent.mouseDown(dialog);
  fireEvent.click(dialog);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('an Escape a control inside has handled (a tooltip) leaves the dialog open', () => {
  openDialog({
    children: (
      <Tooltip content="Hub Id: 42">
        <button>Owner</button>
      </Tooltip>
    ),
  });
  const owner = screen.getByRole('button', { name: 'Owner' });
  fireEvent.focus(owner);
  expect(screen.getByRole('tooltip').textContent).toBe('Hub Id: 42');

  fireEvent.keyDown(owner, { key: 'Escape' });
  expect(screen.queryByRole('tooltip')).toBeNull();
  expect(screen.queryByRole('dialog')).not.toBeNull();

  fireEvent.keyDown(owner, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
});

describe('the page behind an open dialog', () => {
  const page = document.documentElement;
  afterEach(() => page.removeAttribute('style'));

  /** A settings dialog whose Delete button asks first, in a dialog over it. */
  function DeleteQuestion() {
    const [asking, setAsking] = useState(false);
    return (
      <>
        <button onClick={() => setAsking(true)}>Delete webhook</button>
        <ConfirmDialog
          open={asking}
          title="Do you want to delete this webhook?"
          onConfirm={() => setAsking(false)}
          onCancel={() => setAsking(false)}
        />
      </>
    );
  }

  test('does not scroll while the dialog is open, and gets its own overflow back on close', () => {
    page.style.setProperty('overflow-y', 'scroll', 'important');
    openDialog({ children: form });
    expect(page.style.overflowX).toBe('hidden');
    expect(page.style.overflowY).toBe('hidden');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(page.style.overflowX).toBe('');
    expect(page.style.overflowY).toBe('scroll');
    expect(page.style.getPropertyPriority('overflow-y')).toBe('important');
  });

  test('stays still while a question is open over the dialog, and after it closes', () => {
    render(
      <StrictMode>
        <UiProvider>
          <Harness>
            <DeleteQuestion />
          </Harness>
        </UiProvider>
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit webhook' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete webhook' }));
    expect(
      screen.getByRole('dialog', { name: 'Do you want to delete this webhook?' }),
    ).toBeTruthy();
    expect(page.style.overflowY).toBe('hidden');

    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(
      screen.queryByRole('dialog', { name: 'Do you want to delete this webhook?' }),
    ).toBeNull();
    expect(page.style.overflowY).toBe('hidden');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(page.hasAttribute('style')).toBe(false);
  });

  test('scrolls again when an open dialog goes away with its screen', () => {
    const { unmount } = render(
      <UiProvider>
        <Harness>{form}</Harness>
      </UiProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit webhook' }));
    expect(page.style.overflowY).toBe('hidden');
    unmount();
    expect(page.style.overflowY).toBe('');
  });
});

describe('in a browser with the native modal dialog', () => {
  // As in browsers, showModal focuses the first focusable element (here the X).
  const showModal = jest.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector('button')?.focus();
  });
  // As in browsers, the close event comes a task later.
  const close = jest.fn(function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')));
  });

  beforeEach(() => {
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
  });
  afterEach(() => {
    const prototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
    delete prototype.showModal;
    delete prototype.close;
    jest.clearAllMocks();
  });

  test('opens with showModal, focus in the content, and closes with close', () => {
    openDialog({ children: form });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Description' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("the browser's cancel request (Escape) is the caller's decision", () => {
    const { dialog } = openDialog({ children: form });
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a dialog the browser closed by itself tells the caller', async () => {
    const { dialog } = openDialog({ children: form });
    await act(async () => {
      (dialog as HTMLDialogElement).close();
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("under StrictMode the first effect run's close event does not close the dialog", async () => {
    render(
      <StrictMode>
        <UiProvider>
          <Harness>{form}</Harness>
        </UiProvider>
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit webhook' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve)));
    expect(screen.getByRole('dialog', { name: 'Webhook Settings' })).toBeTruthy();
  });
});
