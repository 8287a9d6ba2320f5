import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { UiProvider } from '../ui-provider';
import { CopyButton } from './copy-button';
import { shadowRootContainer } from '../test/shadow-root';

const url = 'https://app.outsync.dev/webhooks/ab12cd';

function renderCopy(container?: HTMLElement) {
  render(
    <Provider>
      <UiProvider>
        <CopyButton text={url} successMessage="Copied webhook URL.">
          Copy URL
        </CopyButton>
      </UiProvider>
    </Provider>,
    container ? { container } : {},
  );
}

async function clickCopy() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy URL' })));
}

function setClipboard(writeText?: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function setExecCommand(execCommand?: (command: string) => boolean) {
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
}

afterEach(() => {
  setClipboard(undefined);
  setExecCommand(undefined);
});

test('copies with the Clipboard API and says so in a success toast', async () => {
  const writeText = jest.fn(() => Promise.resolve());
  setClipboard(writeText);
  renderCopy();

  await clickCopy();

  expect(writeText).toHaveBeenCalledWith(url);
  const toast = screen.getByRole('status');
  expect(toast.textContent).toContain('Success');
  expect(toast.textContent).toContain('Copied webhook URL.');
});

test.each([
  ['without the Clipboard API', undefined],
  ['when the Clipboard API refuses', () => Promise.reject(new Error('NotAllowedError'))],
])('%s it copies through a selected textarea and execCommand', async (_case, writeText) => {
  setClipboard(writeText);
  const selected: string[] = [];
  setExecCommand((command) => {
    const active = document.activeElement;
    if (command === 'copy' && active instanceof HTMLTextAreaElement) selected.push(active.value);
    return true;
  });
  renderCopy();
  const button = screen.getByRole('button', { name: 'Copy URL' });
  button.focus();

  await clickCopy();

  expect(selected).toEqual([url]);
  expect(document.querySelector('textarea')).toBeNull();
  expect(document.activeElement).toBe(button);
  expect(screen.getByRole('status').textContent).toContain('Copied webhook URL.');
});

test('inside a shadow root (an embedded module) the focus goes back to the button after the fallback', async () => {
  setClipboard(undefined);
  setExecCommand(() => true);
  const { shadow, container, remove } = shadowRootContainer();
  renderCopy(container);
  const button = shadow.querySelector('button') as HTMLButtonElement;
  button.focus();

  await act(async () => fireEvent.click(button));

  expect(shadow.querySelector('textarea')).toBeNull();
  expect(shadow.activeElement).toBe(button);
  remove();
});

test('when nothing can copy it shows an error toast', async () => {
  setClipboard(() => Promise.reject(new Error('NotAllowedError')));
  setExecCommand(() => false);
  renderCopy();

  await clickCopy();

  const toast = screen.getByRole('alert');
  expect(toast.textContent).toContain('Error');
  expect(toast.textContent).toContain('Could not copy to the clipboard.');
  expect(screen.queryByText('Copied webhook URL.')).toBeNull();
});

test('a Clipboard API that never answers (a permission prompt nobody sees) falls back after a second', async () => {
  jest.useFakeTimers();
  try {
    setClipboard(() => new Promise<void>(() => {}));
    const copied: string[] = [];
    setExecCommand((command) => {
      const active = document.activeElement;
      if (command === 'copy' && active instanceof HTMLTextAreaElement) copied.push(active.value);
      return true;
    });
    renderCopy();

    await clickCopy();
    expect(copied).toEqual([]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });

    expect(copied).toEqual([url]);
    expect(screen.getByRole('status').textContent).toContain('Copied webhook URL.');
  } finally {
    jest.useRealTimers();
  }
});
