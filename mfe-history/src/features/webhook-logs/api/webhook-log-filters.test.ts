import { emptyWebhookLogFilters, webhookLogOutcome, webhookLogQuery } from './webhook-log-filters';

describe('the Status column rule', () => {
  test.each([
    [[], 'Success'],
    [[{ step: 'contact', message: 'HubSpot said no', at: '2026-11-01T10:00:00Z' }], 'Error'],
    [{}, 'Success'],
    [{ message: 'x' }, 'Error'],
    [undefined, 'Success'],
    [null, 'Success'],
  ])('errors %j show "%s"', (errors, shown) => {
    expect(webhookLogOutcome(errors)).toBe(shown);
  });
});

test('a customer sends none of the staff filters, whatever they hold', () => {
  const form = {
    ...emptyWebhookLogFilters,
    email: '  Lead@Acme.TEST ',
    userEmail: 'someone@else.test',
    webhookUrl: 'https://x.test',
    hubId: '42',
  };
  expect(webhookLogQuery(form, { staff: false })).toEqual({ email: 'lead@acme.test' });
});

test('ANY, an empty status, "0" and blank texts are not sent', () => {
  const form = {
    ...emptyWebhookLogFilters,
    eventType: 'ANY',
    webhookId: '0',
    webhookUrl: '   ',
  };
  expect(webhookLogQuery(form, { staff: true })).toEqual({});
});

test('the time range goes as UTC instants, for customers as for staff; an empty bound is none', () => {
  const form = { ...emptyWebhookLogFilters, receivedFrom: '2026-11-28T09:00', receivedTo: '' };
  const nineOClock = new Date(2026, 10, 28, 9, 0).toISOString();
  expect(webhookLogQuery(form, { staff: false })).toEqual({ receivedFrom: nineOClock });
  expect(webhookLogQuery(form, { staff: true })).toEqual({ receivedFrom: nineOClock });
});
