// 'Additional Endpoints' rows (spec 01 §4 "Additional endpoints", §5).
import {
  addEndpointRow,
  changeEndpointEventTypes,
  chooseEndpointAccount,
  ENDPOINT_ALREADY_SELECTED,
  isCompleteEndpointRow,
  removeEndpointRow,
} from './additional-endpoints';
import type { EndpointRow } from './webhook-form';

const ACCOUNT_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ACCOUNT_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const ACCOUNT_C = 'cccccccccccccccccccccccc';
const empty: EndpointRow = { userAccountId: null, eventTypes: [] };
const complete: EndpointRow = { userAccountId: ACCOUNT_A, eventTypes: ['EMAIL_SENT'] };

test('a row is complete with an account and event types', () => {
  expect(isCompleteEndpointRow(complete)).toBe(true);
  expect(isCompleteEndpointRow(empty)).toBe(false);
  expect(isCompleteEndpointRow({ userAccountId: ACCOUNT_A, eventTypes: [] })).toBe(false);
  expect(isCompleteEndpointRow({ userAccountId: null, eventTypes: ['EMAIL_SENT'] })).toBe(false);
});

describe("'+'", () => {
  it('adds an empty row after a complete row', () => {
    expect(addEndpointRow([complete])).toEqual([complete, empty]);
  });

  it('adds nothing while the current row lacks an account or event types', () => {
    for (const last of [
      empty,
      { userAccountId: ACCOUNT_B, eventTypes: [] },
      { userAccountId: null, eventTypes: ['EMAIL_OPEN' as const] },
    ]) {
      expect(addEndpointRow([complete, last])).toEqual([complete, last]);
    }
  });

  it('looks at the last row only', () => {
    const incomplete: EndpointRow = { userAccountId: ACCOUNT_B, eventTypes: [] };
    const third: EndpointRow = { userAccountId: ACCOUNT_C, eventTypes: ['EMAIL_OPEN'] };
    expect(addEndpointRow([complete, incomplete, third])).toEqual([
      complete,
      incomplete,
      third,
      empty,
    ]);
    expect(addEndpointRow([complete, third, incomplete])).toEqual([complete, third, incomplete]);
  });

  it('adds the first row when there is none', () => {
    expect(addEndpointRow([])).toEqual([empty]);
  });
});

describe("'-'", () => {
  const second: EndpointRow = { userAccountId: ACCOUNT_B, eventTypes: ['EMAIL_OPEN'] };

  it('removes the row', () => {
    expect(removeEndpointRow([complete, second], 0)).toEqual([second]);
    expect(removeEndpointRow([complete, second], 1)).toEqual([complete]);
  });

  it('on the last remaining row leaves one empty row', () => {
    expect(removeEndpointRow([complete], 0)).toEqual([empty]);
  });
});

describe('choosing an account', () => {
  const rows: EndpointRow[] = [complete, empty];

  it('sets the row’s account', () => {
    expect(chooseEndpointAccount(rows, 1, ACCOUNT_B)).toEqual({
      rows: [complete, { userAccountId: ACCOUNT_B, eventTypes: [] }],
      duplicate: false,
    });
    expect(chooseEndpointAccount(rows, 0, ACCOUNT_C)).toEqual({
      rows: [{ userAccountId: ACCOUNT_C, eventTypes: ['EMAIL_SENT'] }, empty],
      duplicate: false,
    });
  });

  it('the row’s own account again is no duplicate', () => {
    expect(chooseEndpointAccount(rows, 0, ACCOUNT_A)).toEqual({ rows, duplicate: false });
  });

  it("the create form's message for a duplicate is 'Endpoint is already selected'", () => {
    expect(ENDPOINT_ALREADY_SELECTED).toBe('Endpoint is already selected');
  });

  it('an account used in another row removes the duplicate row and reports it', () => {
    expect(chooseEndpointAccount(rows, 1, ACCOUNT_A)).toEqual({
      rows: [complete],
      duplicate: true,
    });
    const two: EndpointRow[] = [empty, complete];
    expect(chooseEndpointAccount(two, 0, ACCOUNT_A)).toEqual({ rows: [complete], duplicate: true });
  });

  it('clearing the account is never a duplicate', () => {
    expect(chooseEndpointAccount([complete, empty, empty], 0, null)).toEqual({
      rows: [{ userAccountId: null, eventTypes: ['EMAIL_SENT'] }, empty, empty],
      duplicate: false,
    });
  });
});

test('changing a row’s event types', () => {
  const rows: EndpointRow[] = [complete, { userAccountId: ACCOUNT_B, eventTypes: [] }];
  expect(changeEndpointEventTypes(rows, 1, ['EMAIL_REPLY', 'EMAIL_BOUNCE'])).toEqual([
    complete,
    { userAccountId: ACCOUNT_B, eventTypes: ['EMAIL_REPLY', 'EMAIL_BOUNCE'] },
  ]);
  expect(changeEndpointEventTypes(rows, 0, [])).toEqual([
    { userAccountId: ACCOUNT_A, eventTypes: [] },
    rows[1],
  ]);
});
