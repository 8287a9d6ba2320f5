import { storedEvent, storedPayload } from './webhook-event.model';

const event = { type: 'EMAIL_SENT', occurredAt: '2030-01-01T00:00:00.000Z' };

it('reads the payload and the event kept as JSON text', () => {
  const doc = { payloadJson: '{"event_type":"EMAIL_SENT"}', eventJson: JSON.stringify(event) };
  expect(storedPayload(doc)).toEqual({ event_type: 'EMAIL_SENT' });
  expect(storedEvent(doc)).toEqual(event);
});

it('reads the logs stored before, which kept them as documents', () => {
  const doc = { payload: { event_type: 'EMAIL_SENT' }, event: event as never };
  expect(storedPayload(doc)).toEqual({ event_type: 'EMAIL_SENT' });
  expect(storedEvent(doc)).toEqual(event);
});

it('has no event for an unsupported payload, and no payload when none was kept', () => {
  expect(storedEvent({ eventJson: null })).toBeNull();
  expect(storedEvent({})).toBeNull();
  expect(storedPayload({})).toBeNull();
});
