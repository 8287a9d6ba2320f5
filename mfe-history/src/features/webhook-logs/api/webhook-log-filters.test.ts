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
