import { act, screen } from '@testing-library/react';
import { mount } from './mount';

// Running alone or in a host that is not our shell, the module renders its own routes.
test.each([
  ['/', 'Sign in to OutSync'],
  ['/verify', 'Verify Your Identity'],
])('mount() at %s renders "%s"', async (path, title) => {
  window.history.pushState({}, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  let unmount = () => {};
  await act(async () => {
    unmount = mount(element);
  });
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});
