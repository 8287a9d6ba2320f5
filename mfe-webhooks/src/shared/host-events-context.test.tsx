import { render, screen, fireEvent } from '@testing-library/react';
import { HostEventsProvider, useHostEvents } from './host-events-context';

function Saver() {
  const emit = useHostEvents();
  return <button onClick={() => emit({ type: 'thing.saved' })}>Save</button>;
}

afterEach(() => jest.restoreAllMocks());

test('events reach the host’s listener', () => {
  const onEvent = jest.fn();
  render(
    <HostEventsProvider onEvent={onEvent}>
      <Saver />
    </HostEventsProvider>,
  );

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(onEvent).toHaveBeenCalledWith({ type: 'thing.saved' });
});

test('without a host the events go nowhere, quietly', () => {
  render(<Saver />);
  expect(() => fireEvent.click(screen.getByRole('button', { name: 'Save' }))).not.toThrow();
});

test('a listener that throws does not break the screen; the error is logged', () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <HostEventsProvider
      onEvent={() => {
        throw new Error('host bug');
      }}
    >
      <Saver />
    </HostEventsProvider>,
  );

  expect(() => fireEvent.click(screen.getByRole('button', { name: 'Save' }))).not.toThrow();
  expect(logged).toHaveBeenCalledWith('An OutSync event listener threw', expect.any(Error));
});
