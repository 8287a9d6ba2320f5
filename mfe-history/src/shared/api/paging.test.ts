import { nextPageAfter } from './paging';

const rows = (count: number) => Array.from({ length: count }, (_, index) => index);

test('a full page asks for the next one while the total is not reached', () => {
  expect(nextPageAfter({ page: 1, limit: 20, data: rows(20) }, 45)).toBe(2);
  expect(nextPageAfter({ page: 2, limit: 20, data: rows(20) })).toBe(3);
});

test('a page with fewer rows than the limit is the last', () => {
  expect(nextPageAfter({ page: 3, limit: 20, data: rows(5) }, 1000)).toBeUndefined();
  expect(nextPageAfter({ page: 1, limit: 20, data: [] })).toBeUndefined();
});

test('a full page that reaches the known total is the last: no empty page is asked for', () => {
  expect(nextPageAfter({ page: 2, limit: 20, data: rows(20) }, 40)).toBeUndefined();
  expect(nextPageAfter({ page: 2, limit: 20, data: rows(20) }, 41)).toBe(3);
});
