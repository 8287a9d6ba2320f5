import { fireEvent, render, screen, within } from '@testing-library/react';
import { UiProvider } from '../ui-provider';
import { JsonViewer } from './json-viewer';

const payload = {
  subject: 'Hello',
  to_email: 'lead@acme.test',
  event_type: 'EMAIL_REPLY',
  sequence: 3,
  opened: true,
  campaign: null,
  tags: ['warm', { source: 'import', score: 7 }],
  empty: {},
};

function renderViewer(expandDepth?: number) {
  render(
    <UiProvider>
      <JsonViewer value={payload} label="Payload" expandDepth={expandDepth} />
    </UiProvider>,
  );
  return screen.getByRole('group', { name: 'Payload' });
}

test('shows every value of an open document as JSON text', () => {
  const viewer = renderViewer(Infinity);
  expect(viewer.textContent).toBe(
    '{"subject": "Hello","to_email": "lead@acme.test","event_type": "EMAIL_REPLY",' +
      '"sequence": 3,"opened": true,"campaign": null,' +
      '▾"tags": ["warm",▾{"source": "import","score": 7}],"empty": {}}',
  );
});

test('objects and arrays have toggles named by their path; deeper levels start collapsed', () => {
  const viewer = renderViewer(1);
  const tags = within(viewer).getByRole('button', { name: 'tags' });
  expect(tags.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByText('"warm"')).toBeNull();
  // Empty containers have nothing to hide, so no toggle.
  expect(within(viewer).getAllByRole('button')).toHaveLength(1);

  fireEvent.click(tags);
  expect(tags.getAttribute('aria-expanded')).toBe('true');
  const entries = document.getElementById(tags.getAttribute('aria-controls') ?? '');
  expect(entries?.textContent).toContain('"warm"');

  const nested = within(viewer).getByRole('button', { name: 'tags[1]' });
  expect(nested.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(nested);
  expect(screen.getByText('"import"')).toBeTruthy();

  fireEvent.click(tags);
  expect(tags.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByText('"warm"')).toBeNull();
});

test('the toggles are buttons in the tab order', () => {
  const viewer = renderViewer();
  const toggles = within(viewer).getAllByRole('button');
  expect(toggles.map((toggle) => toggle.getAttribute('aria-label'))).toEqual(['tags', 'tags[1]']);
  toggles[0]!.focus();
  expect(document.activeElement).toBe(toggles[0]);
  expect(toggles[0]!.getAttribute('type')).toBe('button');
});

test('keys, strings and numbers are told apart', () => {
  renderViewer();
  const key = screen.getByText('"subject"');
  const text = screen.getByText('"Hello"');
  const number = screen.getByText('3');
  expect(new Set([key.className, text.className, number.className]).size).toBe(3);
});

test('a primitive document is shown as is', () => {
  render(
    <UiProvider>
      <JsonViewer value="just text" label="Payload" />
    </UiProvider>,
  );
  expect(screen.getByRole('group', { name: 'Payload' }).textContent).toBe('"just text"');
});
