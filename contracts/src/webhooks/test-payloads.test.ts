// Spec 01 §2.11, §3 "Test payload shapes", §4 "Test dialog", §5 "Test dialog", §7, §9. The field
// names, the HeyReach table and the texts are spelled out here, copied from the spec, never
// imported from the code.
import { testEventTypes, type Platform } from '@outsync/contracts';
import {
  applyTestInputs,
  buildTestPayload,
  defaultTestInputs,
  parseStatusTags,
  testDialogTitle,
  testEventsOffered,
  TestWebhookResponseSchema,
  testWebhookUrl,
  type TestInputs,
} from './test-payloads';

/** Spec 01 §3, one path per field: `a.b` nests, `a[].b` is a field of an array's items. */
const specFields: Record<Platform, string[]> = {
  smartlead: [
    'event_timestamp',
    'sequence_number',
    'stats_id',
    'event_type',
    'app_url',
    'subject',
    'to_name',
    'first_name',
    'last_name',
    'to_email',
    'from_email',
    'campaign_name',
    'campaign_id',
    'sl_email_lead_id',
    'client_id',
    'sent_message.text',
    'sent_message.html',
    'sent_message.message_id',
    'reply_message.text',
    'reply_message.html',
    'reply_message.message_id',
    'message_id',
    'time_clicked',
    'link_clicked',
    'link_details',
    'bounce_message',
    'lead_category_id',
    'lead_category_name',
    'lead_email',
    'lead_id',
    'last_reply.email_body',
    'lead_category.new_id',
    'lead_category.new_name',
    'cc_emails',
  ],
  bison: [
    'event.type',
    'event.name',
    'event.workspace_id',
    'event.workspace_name',
    'event.instant_url',
    ...[
      'id',
      'sequence_step_id',
      'status',
      'scheduled_date_est',
      'scheduled_date_local',
      'local_timezone',
      'sent_at',
      'opens',
      'replies',
      'unique_opens',
      'unique_replies',
      'interested',
      'lead_id',
      'email_body',
      'email_subject',
    ].map((field) => `data.scheduled_email.${field}`),
    ...[
      'email_subject',
      'interested',
      'automated_reply',
      'html_body',
      'text_body',
      'raw_body',
      'headers',
      'date_received',
      'type',
      'id',
      'cc',
      'to[].name',
      'to[].address',
      'bcc',
      'from_name',
      'parent_id',
      'from_email_address',
      'primary_to_email_address',
      'folder',
    ].map((field) => `data.reply.${field}`),
    'data.campaign_event',
    ...[
      'id',
      'email',
      'first_name',
      'last_name',
      'status',
      'title',
      'company',
      'custom_variables',
      'emails_sent',
      'opens',
      'unique_opens',
      'replies',
      'unique_replies',
      'bounces',
    ].map((field) => `data.lead.${field}`),
    'data.campaign',
    ...[
      'id',
      'name',
      'type',
      'email',
      'opened',
      'status',
      'bounced',
      'replied',
      'created_at',
      'interested',
      'updated_at',
      'daily_limit',
      'emails_sent',
      'unique_opens',
      'unsubscribed',
      'unique_replies',
      'total_leads_contacted',
    ].map((field) => `data.sender_email.${field}`),
  ],
  instantly: [
    'event_type',
    'timestamp',
    'workspace',
    'campaign_id',
    'campaign_name',
    'firstName',
    'lastName',
    'lead_email',
    'email_account',
    'unibox_url',
    'step',
    'variant',
    'is_first',
    'email_subject',
    'email_text',
    'email_html',
    'reply_text_snippet',
    'email',
    'reply_subject',
    'reply_text',
    'reply_html',
    'link_clicked',
    'click_timestamp',
    'subject',
    'custom_label',
  ],
  heyreach: [
    'timestamp',
    'event_type',
    'connection_message',
    'conversation_id',
    'is_inmail',
    'campaign.name',
    'campaign.id',
    'sender.id',
    'sender.first_name',
    'sender.last_name',
    'sender.full_name',
    'sender.email_address',
    'sender.profile_url',
    'recent_messages[].creation_time',
    'recent_messages[].message',
    'recent_messages[].is_reply',
    'recent_inmails[].creation_time',
    'recent_inmails[].subject',
    'recent_inmails[].message',
    'recent_inmails[].is_reply',
    'post_url',
    'updated_tags[]',
    'tag_action',
    ...[
      'id',
      'profile_url',
      'first_name',
      'last_name',
      'full_name',
      'location',
      'summary',
      'company_url',
      'company_name',
      'position',
      'about',
      'email_address',
      'tags',
      'lists[].name',
      'lists[].id',
      'lists[].custom_fields',
    ].map((field) => `lead.${field}`),
  ],
};

/** Spec 01 §3: added at the top level of any test payload. */
const topLevelFields = ['os_objectlookup_id', 'tags[]'];

const platforms: Platform[] = ['smartlead', 'instantly', 'bison', 'heyreach'];
const everyEvent = platforms.flatMap((platform) =>
  testEventTypes[platform].map((eventType) => ({ platform, eventType })),
);

const now = new Date('2031-05-06T07:08:09.123Z');
const inputs: TestInputs = {
  recipientName: 'Priya Raman',
  recipientEmail: 'priya.raman@example.org',
  recipientProfileUrl: 'https://www.linkedin.com/in/priya-raman-42',
  objectLookupId: '',
  statusTags: '',
};

/** Where a path ends: every value it reaches (`[]` goes into each item; none if it is missing). */
function valuesAt(value: unknown, path: string): unknown[] {
  if (path === '') return [value];
  const [head = '', ...rest] = path.split('.');
  const key = head.endsWith('[]') ? head.slice(0, -2) : head;
  if (typeof value !== 'object' || value === null || !(key in value)) return [];
  const child = (value as Record<string, unknown>)[key];
  if (!head.endsWith('[]')) return valuesAt(child, rest.join('.'));
  if (!Array.isArray(child)) return [];
  // An empty array has the field's shape but no items to look into.
  if (rest.length === 0) return [child];
  return child.flatMap((item) => valuesAt(item, rest.join('.')));
}

function missingFields(payload: unknown, paths: string[]): string[] {
  return paths.filter((path) => valuesAt(payload, path).length === 0);
}

const at = (payload: unknown, path: string) => valuesAt(payload, path)[0];

describe('every template has its platform’s fields (spec 01 §3)', () => {
  test.each(everyEvent)('$platform $eventType', ({ platform, eventType }) => {
    const payload = buildTestPayload(platform, eventType, inputs, now);
    expect(missingFields(payload, [...specFields[platform], ...topLevelFields])).toEqual([]);
  });

  test('the path check itself finds a missing field', () => {
    expect(
      missingFields({ a: { b: 1 }, list: [{ c: 1 }] }, ['a.b', 'a.x', 'list[].c', 'list[].d']),
    ).toEqual(['a.x', 'list[].d']);
  });

  test('bison: reply type is reply or auto-reply; lead status one of the four', () => {
    for (const eventType of testEventTypes.bison) {
      const payload = buildTestPayload('bison', eventType, inputs, now);
      expect(['reply', 'auto-reply']).toContain(at(payload, 'data.reply.type'));
      expect(['active', 'unsubscribed', 'bounced', 'interested']).toContain(
        at(payload, 'data.lead.status'),
      );
    }
    expect(at(buildTestPayload('bison', 'EMAIL_BOUNCED', inputs, now), 'data.lead.status')).toBe(
      'bounced',
    );
    expect(
      at(buildTestPayload('bison', 'LEAD_REPLIED_AUTOMATED', inputs, now), 'data.reply.type'),
    ).toBe('auto-reply');
  });
});

describe('the event type the payload carries', () => {
  test.each(['smartlead', 'instantly'] as const)(
    '%s: event_type is the chosen value',
    (platform) => {
      for (const eventType of testEventTypes[platform]) {
        expect(buildTestPayload(platform, eventType, inputs, now).event_type).toBe(eventType);
      }
    },
  );

  test('bison: event.type is the chosen value', () => {
    for (const eventType of testEventTypes.bison) {
      expect(at(buildTestPayload('bison', eventType, inputs, now), 'event.type')).toBe(eventType);
    }
  });

  // Spec 01 §9, "heyreach (UI value → event_type sent)".
  test.each([
    ['CONNECTION_REQUEST_SENT', 'connection_request_sent'],
    ['CONNECTION_REQUEST_ACCEPTED', 'connection_request_accepted'],
    ['MESSAGE_SENT', 'message_sent'],
    ['MESSAGE_SENT_PREMIUM', 'inmail_sent'],
    ['REPLY_RECEIVED_STANDARD', 'every_message_reply_received'],
    ['REPLY_RECEIVED_PREMIUM', 'every_message_reply_received'],
    ['FOLLOW_SENT', 'follow_sent'],
    ['LIKED_POST', 'liked_post'],
    ['VIEWED_PROFILE', 'viewed_profile'],
    ['LEAD_TAG_UPDATED', 'lead_tag_updated'],
  ] as const)('heyreach: %s sends event_type %s', (uiValue, eventType) => {
    expect(buildTestPayload('heyreach', uiValue, inputs, now).event_type).toBe(eventType);
  });

  test('heyreach: is_inmail false for the standard reply, true for the premium one', () => {
    const standard = buildTestPayload('heyreach', 'REPLY_RECEIVED_STANDARD', inputs, now);
    const premium = buildTestPayload('heyreach', 'REPLY_RECEIVED_PREMIUM', inputs, now);
    expect(standard.is_inmail).toBe(false);
    expect(premium.is_inmail).toBe(true);
    expect(buildTestPayload('heyreach', 'MESSAGE_SENT', inputs, now).is_inmail).toBe(false);
  });

  test('an event type of another platform is refused', () => {
    expect(() => buildTestPayload('smartlead', 'email_sent', inputs, now)).toThrow(
      'email_sent is not a test event type of smartlead',
    );
  });
});

describe('timestamps are now (spec 01 §4)', () => {
  const isoNow = '2031-05-06T07:08:09.123Z';

  test.each([
    [
      'smartlead',
      'EMAIL_REPLY',
      [
        'event_timestamp',
        'time_clicked',
        'sent_message.time',
        'reply_message.time',
        'last_reply.time',
      ],
    ],
    ['instantly', 'link_clicked', ['timestamp', 'click_timestamp']],
    [
      'heyreach',
      'REPLY_RECEIVED_PREMIUM',
      ['timestamp', 'recent_messages[].creation_time', 'recent_inmails[].creation_time'],
    ],
  ] as const)('%s %s: ISO 8601 in UTC', (platform, eventType, paths) => {
    const payload = buildTestPayload(platform, eventType, inputs, now);
    for (const path of paths) {
      expect(valuesAt(payload, path).length).toBeGreaterThan(0);
      for (const value of valuesAt(payload, path)) expect([path, value]).toEqual([path, isoNow]);
    }
  });

  test('bison: Laravel dates with microseconds, scheduled dates on the Eastern wall clock', () => {
    const payload = buildTestPayload('bison', 'LEAD_REPLIED', inputs, now);
    for (const path of [
      'data.scheduled_email.sent_at',
      'data.reply.date_received',
      'data.campaign_event.created_at',
      'data.sender_email.created_at',
      'data.sender_email.updated_at',
    ]) {
      expect([path, at(payload, path)]).toEqual([path, '2031-05-06T07:08:09.123000Z']);
    }
    // 07:08:09 UTC on 6 May is 03:08:09 in New York (EDT, UTC-4).
    expect(at(payload, 'data.scheduled_email.scheduled_date_est')).toBe('2031-05-06 03:08:09');
    expect(at(payload, 'data.scheduled_email.scheduled_date_local')).toBe('2031-05-06 03:08:09');
    expect(at(payload, 'data.scheduled_email.local_timezone')).toBe('America/New_York');
  });

  /** The payload's text with every rendering of `time` replaced by a marker. */
  function withoutTime(payload: unknown, time: Date): string {
    const iso = time.toISOString();
    const renderings = [
      iso,
      iso.replace(/Z$/, '000Z'),
      time.toUTCString(),
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
        timeStyle: 'medium',
      }).format(time),
    ];
    return renderings.reduce(
      (text, rendering) => text.split(rendering).join('<now>'),
      JSON.stringify(payload),
    );
  }

  test.each(everyEvent)(
    '$platform $eventType: built at two times, it differs only in its timestamps',
    ({ platform, eventType }) => {
      const later = new Date('2032-11-12T23:59:58.007Z');
      const first = withoutTime(buildTestPayload(platform, eventType, inputs, now), now);
      const second = withoutTime(buildTestPayload(platform, eventType, inputs, later), later);
      expect(first).toContain('<now>');
      expect(second).toBe(first);
      // No other date is left in the sample (one that would not follow `now`).
      expect(first).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    },
  );
});

describe('the recipient inputs (spec 01 §4)', () => {
  test('smartlead: first word first name, the rest last name; to_name whole; e-mail fields', () => {
    const payload = buildTestPayload(
      'smartlead',
      'EMAIL_SENT',
      {
        ...inputs,
        recipientName: '  Mary Ann   de la Cruz ',
        recipientEmail: ' mary@example.com ',
      },
      now,
    );
    expect(payload).toMatchObject({
      first_name: 'Mary',
      last_name: 'Ann de la Cruz',
      to_name: 'Mary Ann de la Cruz',
      to_email: 'mary@example.com',
      lead_email: 'mary@example.com',
    });
  });

  test('a one-word name has an empty last name', () => {
    const payload = buildTestPayload(
      'instantly',
      'email_sent',
      { ...inputs, recipientName: 'Cher' },
      now,
    );
    expect(payload).toMatchObject({ firstName: 'Cher', lastName: '' });
  });

  test('instantly: firstName, lastName, lead_email and email', () => {
    expect(buildTestPayload('instantly', 'reply_received', inputs, now)).toMatchObject({
      firstName: 'Priya',
      lastName: 'Raman',
      lead_email: 'priya.raman@example.org',
      email: 'priya.raman@example.org',
    });
  });

  test('bison: the lead, and the side of the reply the lead is on', () => {
    const replied = buildTestPayload('bison', 'LEAD_REPLIED', inputs, now);
    expect(at(replied, 'data.lead')).toMatchObject({
      first_name: 'Priya',
      last_name: 'Raman',
      email: 'priya.raman@example.org',
    });
    expect(at(replied, 'data.reply')).toMatchObject({
      from_name: 'Priya Raman',
      from_email_address: 'priya.raman@example.org',
    });

    const manual = buildTestPayload('bison', 'MANUAL_EMAIL_SENT', inputs, now);
    expect(at(manual, 'data.reply.primary_to_email_address')).toBe('priya.raman@example.org');
    expect(at(manual, 'data.reply.to[]')).toEqual([
      { name: 'Priya Raman', address: 'priya.raman@example.org' },
    ]);
    expect(at(manual, 'data.reply.from_email_address')).not.toBe('priya.raman@example.org');

    // A bounce comes from the mail server, not from the lead.
    const bounced = buildTestPayload('bison', 'EMAIL_BOUNCED', inputs, now);
    expect(at(bounced, 'data.lead.email')).toBe('priya.raman@example.org');
    expect(at(bounced, 'data.reply.from_email_address')).not.toBe('priya.raman@example.org');
    expect(at(bounced, 'data.reply.from_name')).not.toBe('Priya Raman');
  });

  test('heyreach: the lead’s names and social profile; no e-mail input is written', () => {
    const payload = buildTestPayload('heyreach', 'MESSAGE_SENT', inputs, now);
    expect(at(payload, 'lead')).toMatchObject({
      first_name: 'Priya',
      last_name: 'Raman',
      full_name: 'Priya Raman',
      profile_url: 'https://www.linkedin.com/in/priya-raman-42',
    });
    expect(at(payload, 'lead.email_address')).not.toBe('priya.raman@example.org');
    expect(at(payload, 'sender.first_name')).not.toBe('Priya');
  });

  test('os_objectlookup_id: trimmed, and an empty string when blank', () => {
    for (const platform of platforms) {
      const [event] = testEventsOffered(platform);
      if (!event) throw new Error(`no event for ${platform}`);
      const blank = buildTestPayload(
        platform,
        event.value,
        { ...inputs, objectLookupId: '  ' },
        now,
      );
      expect(blank.os_objectlookup_id).toBe('');
      const token = buildTestPayload(
        platform,
        event.value,
        { ...inputs, objectLookupId: ' {{ contact.external_id }} ' },
        now,
      );
      expect(token.os_objectlookup_id).toBe('{{ contact.external_id }}');
    }
  });

  test('tags: the status tags on heyreach; an empty list elsewhere', () => {
    const withTags = { ...inputs, statusTags: ' Interested, ,Follow up ,' };
    expect(buildTestPayload('heyreach', 'LEAD_TAG_UPDATED', withTags, now).tags).toEqual([
      'Interested',
      'Follow up',
    ]);
    expect(buildTestPayload('smartlead', 'EMAIL_SENT', withTags, now).tags).toEqual([]);
  });

  test('the defaults: the sample recipient, no lookup id, no tags', () => {
    const defaults = defaultTestInputs();
    expect(defaults.objectLookupId).toBe('');
    expect(defaults.statusTags).toBe('');
    expect(defaults.recipientName.split(' ').length).toBeGreaterThan(1);
    expect(defaults.recipientEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(defaults.recipientProfileUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    const payload = buildTestPayload('smartlead', 'EMAIL_SENT', defaults, now);
    expect(payload.to_email).toBe(defaults.recipientEmail);
    expect(payload.to_name).toBe(defaults.recipientName);
  });
});

describe('applyTestInputs on an edited payload', () => {
  test('keeps the edits, re-applies the inputs, and leaves the original alone', () => {
    const edited = {
      event_type: 'EMAIL_REPLY',
      campaign_name: 'My own campaign',
      first_name: 'Old',
      last_name: 'Name',
      to_name: 'Old Name',
      to_email: 'old@example.com',
      tags: ['kept'],
    };
    const copy = structuredClone(edited);
    const applied = applyTestInputs(edited, 'smartlead', { ...inputs, objectLookupId: 'A-1043' });
    expect(applied).toEqual({
      event_type: 'EMAIL_REPLY',
      campaign_name: 'My own campaign',
      first_name: 'Priya',
      last_name: 'Raman',
      to_name: 'Priya Raman',
      to_email: 'priya.raman@example.org',
      tags: ['kept'],
      os_objectlookup_id: 'A-1043',
    });
    expect(edited).toEqual(copy);
  });

  test('first and last name are written always; full-name and address fields only where present', () => {
    expect(applyTestInputs({}, 'smartlead', inputs)).toEqual({
      first_name: 'Priya',
      last_name: 'Raman',
      os_objectlookup_id: '',
    });
    // A removed object is not added back.
    expect(applyTestInputs({ event_type: 'message_sent' }, 'heyreach', inputs)).toEqual({
      event_type: 'message_sent',
      os_objectlookup_id: '',
      tags: [],
    });
    expect(
      applyTestInputs({ lead: { id: 7 } }, 'heyreach', { ...inputs, statusTags: 'a' }),
    ).toEqual({
      lead: { id: 7, first_name: 'Priya', last_name: 'Raman' },
      os_objectlookup_id: '',
      tags: ['a'],
    });
  });

  test('anything but an object comes back as it is', () => {
    expect(applyTestInputs([1, 2], 'smartlead', inputs)).toEqual([1, 2]);
    expect(applyTestInputs(null, 'bison', inputs)).toBeNull();
    expect(applyTestInputs('text', 'instantly', inputs)).toBe('text');
  });
});

test('status tags: split on commas, trimmed, empty entries dropped (spec 01 §5)', () => {
  expect(parseStatusTags(' a, ,b ')).toEqual(['a', 'b']);
  expect(parseStatusTags('Interested,Follow up ,  VIP')).toEqual([
    'Interested',
    'Follow up',
    'VIP',
  ]);
  expect(parseStatusTags('')).toEqual([]);
  expect(parseStatusTags(' , ,')).toEqual([]);
});

test("the test address replaces '/webhooks/' with '/webhooks/test/' (spec 01 §7)", () => {
  expect(testWebhookUrl('https://api.outsync.io/webhooks/k3x9Qa7B')).toBe(
    'https://api.outsync.io/webhooks/test/k3x9Qa7B',
  );
  expect(testWebhookUrl('http://localhost:3000/webhooks/abc')).toBe(
    'http://localhost:3000/webhooks/test/abc',
  );
});

test('the dialog title names the platform, or Universal (spec 01 §2.11)', () => {
  expect(testDialogTitle('smartlead')).toBe('Send Test Webhook - Smartlead');
  expect(testDialogTitle('heyreach')).toBe('Send Test Webhook - HeyReach');
  expect(testDialogTitle('Instantly')).toBe('Send Test Webhook - Instantly');
  expect(testDialogTitle(null)).toBe('Send Test Webhook - Universal');
  expect(testDialogTitle(undefined)).toBe('Send Test Webhook - Universal');
  expect(testDialogTitle('')).toBe('Send Test Webhook - Universal');
});

describe('the events offered (spec 01 §2.11, §9)', () => {
  test("a platform's own event types, in the spec's order", () => {
    expect(testEventsOffered('smartlead')).toEqual(
      [
        'EMAIL_SENT',
        'EMAIL_OPEN',
        'EMAIL_REPLY',
        'EMAIL_LINK_CLICK',
        'EMAIL_BOUNCE',
        'LEAD_CATEGORY_UPDATED',
        'LEAD_UNSUBSCRIBED',
      ].map((value) => ({ value, label: value, platform: 'smartlead' })),
    );
    const heyreach = testEventsOffered('heyreach');
    expect(heyreach).toHaveLength(10);
    expect(heyreach[0]).toEqual({
      value: 'CONNECTION_REQUEST_SENT',
      label: 'CONNECTION_REQUEST_SENT',
      platform: 'heyreach',
    });
  });

  test('no platform: every platform’s templates, each label naming its platform', () => {
    const all = testEventsOffered(null);
    expect(all).toHaveLength(7 + 8 + 15 + 10);
    expect(new Set(all.map((option) => option.label)).size).toBe(all.length);
    expect(new Set(all.map((option) => option.platform))).toEqual(
      new Set(['smartlead', 'instantly', 'bison', 'heyreach']),
    );
    expect(all).toContainEqual({
      value: 'EMAIL_SENT',
      label: 'Smartlead - EMAIL_SENT',
      platform: 'smartlead',
    });
    expect(all).toContainEqual({
      value: 'EMAIL_SENT',
      label: 'EmailBison - EMAIL_SENT',
      platform: 'bison',
    });
  });
});

test('the test answer: success and errors (spec 01 §7)', () => {
  expect(TestWebhookResponseSchema.parse({ success: false, errors: ['No owner'] })).toEqual({
    success: false,
    errors: ['No owner'],
  });
  expect(TestWebhookResponseSchema.safeParse({ success: true }).success).toBe(true);
  expect(TestWebhookResponseSchema.safeParse({ success: 'yes', errors: null }).success).toBe(false);
  expect(TestWebhookResponseSchema.safeParse({ errors: ['x'] }).success).toBe(false);
});
