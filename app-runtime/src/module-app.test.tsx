import { act, screen } from '@testing-library/react';
import { createModuleApp } from './module-app';
import { createMount } from './mount';

const mount = createMount(
  createModuleApp('Test module', [
    { path: '/one', label: 'One', Component: () => <h1>Page one</h1> },
    { path: '/two', label: 'Two', Component: () => <h1>Page two</h1> },
  ]),
);

async function mountAt(path: string, basename?: string) {
  window.history.pushState({}, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mount(element, { basename });
  });
  return { element, unmount };
}

test('mount renders the page at the current path, and unmount removes it', async () => {
  const { element, unmount } = await mountAt('/two');
  expect(screen.getByRole('heading', { name: 'Page two' })).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Test module' })).toBeTruthy();
  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});

test('under a basename the pages keep their paths after it', async () => {
  const { element, unmount } = await mountAt('/partner/outsync/one', '/partner/outsync');
  expect(screen.getByRole('heading', { name: 'Page one' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Two' }).getAttribute('href')).toBe(
    '/partner/outsync/two',
  );
  act(() => unmount());
  element.remove();
});

test('an unknown path goes to the first page', async () => {
  const { element, unmount } = await mountAt('/elsewhere');
  expect(screen.getByRole('heading', { name: 'Page one' })).toBeTruthy();
  expect(window.location.pathname).toBe('/one');
  act(() => unmount());
  element.remove();
});
