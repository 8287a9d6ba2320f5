// The embed build's stand-in for react-router (memory-router.tsx): each scenario runs on it and on
// react-router itself, and must come out the same.
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as ReactRouter from 'react-router';
import * as StandIn from './memory-router';

type Router = Pick<typeof ReactRouter, 'MemoryRouter' | 'useLocation' | 'useNavigate' | 'Link'>;

const routers: [string, Router][] = [
  ['react-router', ReactRouter],
  ['the stand-in', StandIn as unknown as Router],
];

/** What the page shows of its location, and buttons that navigate as the webhooks page does. */
function Probe({ router }: { router: Router }) {
  const location = router.useLocation();
  const navigate = router.useNavigate();
  return (
    <>
      <output>{`${location.pathname}|${location.search}|${location.hash}`}</output>
      <output aria-label="state">{JSON.stringify(location.state)}</output>
      <button onClick={() => void navigate({ search: '?live=w1' })}>open</button>
      <button onClick={() => void navigate({ search: '' }, { replace: true })}>close</button>
      <button onClick={() => void navigate('/hubspot?tab=keys#top', { state: { from: 'x' } })}>
        go
      </button>
      <button onClick={() => void navigate(-1)}>back</button>
      <router.Link to="/salesforce">Connect Salesforce</router.Link>
    </>
  );
}

const shown = () => screen.getAllByRole('status')[0]?.textContent;

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe.each(routers)('%s', (_name, router) => {
  test('starts at / and keeps the search and hash it is given', async () => {
    render(
      <router.MemoryRouter>
        <Probe router={router} />
      </router.MemoryRouter>,
    );
    expect(shown()).toBe('/||');
    await press('open');
    expect(shown()).toBe('/|?live=w1|');
    await press('go');
    expect(shown()).toBe('/hubspot|?tab=keys|#top');
    expect(screen.getByRole('status', { name: 'state' }).textContent).toBe('{"from":"x"}');
  });

  test('a replace takes the current entry, so going back skips it', async () => {
    render(
      <router.MemoryRouter initialEntries={['/start']}>
        <Probe router={router} />
      </router.MemoryRouter>,
    );
    await press('open');
    await press('close');
    expect(shown()).toBe('/start||');
    await press('back');
    expect(shown()).toBe('/start||');
    await press('go');
    await press('back');
    expect(shown()).toBe('/start||');
  });

  test('a Link points at its path; a plain click follows it, a modified one does not', async () => {
    render(
      <router.MemoryRouter>
        <Probe router={router} />
      </router.MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Connect Salesforce' });
    expect(link.getAttribute('href')).toBe('/salesforce');
    // After the router had its say, the browser's own (a new tab) is not for jsdom.
    const noBrowserNavigation = (event: Event) => event.preventDefault();
    document.addEventListener('click', noBrowserNavigation);
    await act(async () => {
      fireEvent.click(link, { ctrlKey: true });
    });
    document.removeEventListener('click', noBrowserNavigation);
    expect(shown()).toBe('/||');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(shown()).toBe('/salesforce||');
  });
});

describe('resolveTo resolves as react-router does without routes', () => {
  const here = { pathname: '/a/b', search: '?q=1', hash: '#h', state: null, key: 'k' };
  test.each([
    '/x/y',
    'x',
    'x/',
    '../x',
    './x',
    '/x/../y',
    '//x//y',
    '?live=1',
    '#top',
    '/x?y=1#z',
    '',
  ])('%p', (to) => {
    // Without routes react-router resolves a path from '/', and keeps the pathname otherwise.
    const expected = ReactRouter.resolvePath(to, '/');
    const keepsPathname = to.startsWith('?') || to.startsWith('#');
    expect(StandIn.resolveTo(to, here)).toEqual(
      keepsPathname ? { ...expected, pathname: here.pathname } : expected,
    );
  });

  test('an object without a pathname keeps the current one', () => {
    expect(StandIn.resolveTo({ search: 'live=1' }, here)).toEqual({
      pathname: '/a/b',
      search: '?live=1',
      hash: '',
    });
  });
});

test('the names only a module app uses say so if the embed ever renders them', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<StandIn.Routes />)).toThrow(/not part of the embed's router/);
});
