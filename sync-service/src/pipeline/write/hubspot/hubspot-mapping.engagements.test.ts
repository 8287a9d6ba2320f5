// The HubSpot mapping's engagement of an event: the task or e-mail logged for it, by "Create task"
// (engagementOf). Fixtures in hubspot-mapping.test-support.ts.
import type { ActivityEventType } from '@outsync/contracts';
import { engagementOf } from './hubspot-mapping';
import { AT, event, social, emptyLead, settings } from './hubspot-mapping.test-support';

describe('engagementOf', () => {
  const ALL: ActivityEventType[] = [
    'EMAIL_SENT',
    'EMAIL_OPEN',
    'EMAIL_REPLY',
    'EMAIL_LINK_CLICK',
    'EMAIL_BOUNCE',
    'LEAD_CATEGORY_UPDATED',
    'LEAD_UNSUBSCRIBED',
    'CONNECTION_REQUEST_SENT',
    'CONNECTION_REQUEST_ACCEPTED',
    'MESSAGE_SENT',
    'REPLY_RECEIVED',
    'FOLLOW_SENT',
    'LIKED_POST',
    'VIEWED_PROFILE',
  ];
  // The types each channel's normalizers produce (HeyReach tag changes are category changes).
  const EMAIL_TYPES = ALL.slice(0, 7);
  const SOCIAL_TYPES = ['LEAD_CATEGORY_UPDATED', ...ALL.slice(7)] as ActivityEventType[];
  const headersOf = (plan: ReturnType<typeof engagementOf>) =>
    JSON.parse(plan?.properties.hs_email_headers ?? 'null') as unknown;

  describe('without Create task', () => {
    it('logs an e-mail send as an outgoing e-mail from the sender to the lead', () => {
      const plan = engagementOf(event(), settings());
      expect(plan).toEqual({
        type: 'emails',
        properties: {
          hs_timestamp: AT,
          hs_email_direction: 'EMAIL',
          hs_email_status: 'SENT',
          hs_email_subject: 'Quick question',
          hs_email_text: 'Hi Ana',
          hs_email_headers: expect.any(String) as string,
          hubspot_owner_id: '9001',
        },
      });
      expect(headersOf(plan)).toEqual({
        from: { email: 'bob@seller.test', firstName: 'Bob', lastName: 'Stone' },
        to: [{ email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lima' }],
        cc: [],
        bcc: [],
      });
    });

    it('logs a reply as an incoming e-mail from the lead to the sender, with its HTML', () => {
      const plan = engagementOf(
        event({
          type: 'EMAIL_REPLY',
          bodyHtml: '<p>Hi Ana</p>',
          sender: { email: 'mary@seller.test', name: 'Mary Ann Smith', profileUrl: null },
        }),
        settings({ hubspotOwnerId: '' }),
      );
      expect(plan).toEqual({
        type: 'emails',
        properties: {
          hs_timestamp: AT,
          hs_email_direction: 'INCOMING_EMAIL',
          hs_email_status: 'SENT',
          hs_email_subject: 'Quick question',
          hs_email_text: 'Hi Ana',
          hs_email_html: '<p>Hi Ana</p>',
          hs_email_headers: expect.any(String) as string,
        },
      });
      expect(headersOf(plan)).toEqual({
        from: { email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lima' },
        to: [{ email: 'mary@seller.test', firstName: 'Mary', lastName: 'Ann Smith' }],
        cc: [],
        bcc: [],
      });
    });

    it('logs an e-mail without subject, body or names with empty texts', () => {
      const plan = engagementOf(
        event({
          lead: emptyLead,
          sender: { email: null, name: null, profileUrl: null },
          subject: null,
          bodyText: null,
        }),
        settings(),
      );
      expect(plan?.properties.hs_email_subject).toBe('');
      expect(plan?.properties.hs_email_text).toBe('');
      expect(headersOf(plan)).toEqual({
        from: { email: '', firstName: '', lastName: '' },
        to: [{ email: '', firstName: '', lastName: '' }],
        cc: [],
        bcc: [],
      });
    });

    it('logs nothing for e-mail events that are not messages', () => {
      const logged = EMAIL_TYPES.filter(
        (type) => engagementOf(event({ type }), settings()) !== null,
      );
      expect(logged).toEqual(['EMAIL_SENT', 'EMAIL_REPLY']);
    });

    it("logs HeyReach's messages, replies and connection requests as completed tasks, nothing else", () => {
      const logged = SOCIAL_TYPES.filter(
        (type) => engagementOf(social({ type }), settings({ emailService: 'heyreach' }))?.type,
      );
      expect(logged).toEqual([
        'CONNECTION_REQUEST_SENT',
        'CONNECTION_REQUEST_ACCEPTED',
        'MESSAGE_SENT',
        'REPLY_RECEIVED',
      ]);
      expect(engagementOf(social({ type: 'MESSAGE_SENT', subject: null }), settings())).toEqual({
        type: 'tasks',
        properties: {
          hs_timestamp: AT,
          hs_task_subject: '[OS] [HeyReach - MESSAGE_SENT]',
          hs_task_body: 'Hi Ana',
          hs_task_status: 'COMPLETED',
          hs_task_type: 'TODO',
          hubspot_owner_id: '9001',
        },
      });
    });
  });

  describe('with Create task (createOrUpdateTask)', () => {
    const taskSettings = settings({ createOrUpdateTask: true });
    it('logs every event of every platform as a task', () => {
      const email = ALL.filter(
        (type) => engagementOf(event({ type }), taskSettings)?.type === 'tasks',
      );
      const socialTypes = ALL.filter(
        (type) => engagementOf(social({ type }), taskSettings)?.type === 'tasks',
      );
      expect(email).toEqual(ALL);
      expect(socialTypes).toEqual(ALL);
    });

    it('logs an e-mail send as a completed e-mail task with the default subject', () => {
      const plan = engagementOf(event(), taskSettings);
      expect(plan).toEqual({
        type: 'tasks',
        properties: {
          hs_timestamp: AT,
          hs_task_subject: '[OS] [Smartlead - EMAIL_SENT] Quick question',
          hs_task_body: 'Hi Ana',
          hs_task_status: 'COMPLETED',
          hs_task_type: 'EMAIL',
          hubspot_owner_id: '9001',
        },
      });
    });

    it('describes an event without a message in the task body, with the default subject', () => {
      const plan = engagementOf(social({ type: 'VIEWED_PROFILE', bodyText: null, subject: null }), {
        ...taskSettings,
        hubspotOwnerId: '',
      });
      expect(plan).toEqual({
        type: 'tasks',
        properties: {
          hs_timestamp: AT,
          hs_task_subject: '[OS] [HeyReach - VIEWED_PROFILE]',
          hs_task_body: 'Viewed the profile of Ana Lima on HeyReach (campaign Q4 outreach).',
          hs_task_status: 'COMPLETED',
          hs_task_type: 'TODO',
        },
      });
    });
  });
});
