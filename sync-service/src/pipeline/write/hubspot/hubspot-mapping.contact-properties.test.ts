// The HubSpot mapping's contact properties: the lead's own fields and the os_* properties each
// event writes (contactProperties), and the open and click counters (counterIncrements). Fixtures
// in hubspot-mapping.test-support.ts.
import type { ActivityEventType } from '@outsync/contracts';
import { contactProperties, counterIncrements } from './hubspot-mapping';
import {
  AT,
  PROFILE,
  APP_URL,
  event,
  social,
  emptyLead,
  settings,
  LEAD,
} from './hubspot-mapping.test-support';

describe('contactProperties', () => {
  it("writes the lead's own fields only when custom properties are off", () => {
    expect(contactProperties(event({ type: 'EMAIL_REPLY' }), settings())).toEqual(LEAD);
  });

  it('never blanks a field the event lacks', () => {
    expect(contactProperties(event({ lead: emptyLead }), settings())).toEqual({});
    expect(
      contactProperties(
        event({ lead: { ...emptyLead, email: 'ana@acme.test', firstName: '', lastName: 'Lima' } }),
        settings(),
      ),
    ).toEqual({ email: 'ana@acme.test', lastname: 'Lima' });
  });

  describe('with custom properties on', () => {
    const custom = settings({ createContactCustomProperties: true });
    const emailCommon = {
      os_last_app_url: APP_URL,
      os_last_update_occurred: AT,
      os_last_update_source: 'Smartlead',
      os_last_campaign_id: '42',
      os_last_campaign_name: 'Q4 outreach',
      os_last_email_campaign_id: '42',
      os_last_email_campaign_name: 'Q4 outreach',
    };
    const socialCommon = {
      os_last_app_url: APP_URL,
      os_last_update_occurred: AT,
      os_last_update_source: 'HeyReach',
      os_last_campaign_id: '42',
      os_last_campaign_name: 'Q4 outreach',
      os_last_social_campaign_id: '42',
      os_last_social_campaign_name: 'Q4 outreach',
    };

    it.each<[ActivityEventType, Record<string, string>]>([
      [
        'EMAIL_SENT',
        {
          os_last_sent_time: AT,
          os_last_sent_address: 'bob@seller.test',
          os_last_sent_name: 'Bob Stone',
          os_last_sent_subject: 'Quick question',
          os_last_sent_message: 'Hi Ana',
          os_last_email_sequence_step: '2',
        },
      ],
      [
        'EMAIL_OPEN',
        {
          os_last_open_time: AT,
          os_last_open_subject: 'Quick question',
          os_last_open_message: 'Hi Ana',
        },
      ],
      [
        'EMAIL_REPLY',
        {
          os_last_reply_time: AT,
          os_last_reply_address: 'ana@acme.test',
          os_last_reply_name: 'Ana Lima',
          os_last_reply_subject: 'Quick question',
          os_last_reply_message: 'Hi Ana',
        },
      ],
      [
        'EMAIL_LINK_CLICK',
        { os_last_link_click_time: AT, os_last_link_click_url: 'https://acme.test/pricing' },
      ],
      ['EMAIL_BOUNCE', { os_last_bounce_time: AT }],
      [
        'LEAD_CATEGORY_UPDATED',
        {
          os_last_lead_category_id: '7',
          os_last_lead_category_name: 'Interested',
          os_last_email_lead_category_id: '7',
          os_last_email_lead_category_name: 'Interested',
        },
      ],
      ['LEAD_UNSUBSCRIBED', { os_last_unsubscribe_time: AT }],
    ])('an e-mail platform %s writes the e-mail and common properties', (type, own) => {
      expect(contactProperties(event({ type }), custom)).toEqual({
        ...LEAD,
        ...emailCommon,
        ...own,
      });
    });

    it.each<[ActivityEventType, Record<string, string>]>([
      [
        'CONNECTION_REQUEST_SENT',
        {
          os_last_connection_status: 'Connection request sent',
          os_last_connection_status_time: AT,
        },
      ],
      [
        'CONNECTION_REQUEST_ACCEPTED',
        { os_last_connection_status: 'Connected', os_last_connection_status_time: AT },
      ],
      [
        'MESSAGE_SENT',
        {
          os_last_sent_social_time: AT,
          os_last_sent_social_message: 'Hi Ana',
          os_last_sent_social_profile: PROFILE,
          os_last_sent_social_sender: 'Bob Stone',
        },
      ],
      [
        'REPLY_RECEIVED',
        {
          os_last_reply_social_time: AT,
          os_last_reply_social_message: 'Hi Ana',
          os_last_reply_social_profile: PROFILE,
          os_last_reply_social_sender: 'Bob Stone',
        },
      ],
      ['FOLLOW_SENT', { os_last_follow_time: AT, os_last_follow_sender: 'Bob Stone' }],
      [
        'LIKED_POST',
        {
          os_last_like_time: AT,
          os_last_like_sender: 'Bob Stone',
          os_last_like_post_url: 'https://acme.test/pricing',
        },
      ],
      ['VIEWED_PROFILE', { os_last_view_time: AT, os_last_view_sender: 'Bob Stone' }],
    ])('a HeyReach %s writes the social and common properties', (type, own) => {
      expect(contactProperties(social({ type }), custom)).toEqual({
        ...LEAD,
        ...socialCommon,
        ...own,
      });
    });

    it('writes a HeyReach category change into the social and any-channel category', () => {
      expect(contactProperties(social({ type: 'LEAD_CATEGORY_UPDATED' }), custom)).toEqual({
        ...LEAD,
        os_last_app_url: APP_URL,
        os_last_update_occurred: AT,
        os_last_update_source: 'HeyReach',
        os_last_campaign_id: '42',
        os_last_campaign_name: 'Q4 outreach',
        os_last_lead_category_id: '7',
        os_last_lead_category_name: 'Interested',
        os_last_social_lead_category_id: '7',
        os_last_social_lead_category_name: 'Interested',
      });
    });

    it("writes no social property for an e-mail platform's event (and the reverse)", () => {
      expect(contactProperties(event({ type: 'CONNECTION_REQUEST_ACCEPTED' }), custom)).toEqual({
        ...LEAD,
        os_last_app_url: APP_URL,
        os_last_update_occurred: AT,
        os_last_update_source: 'Smartlead',
        os_last_campaign_id: '42',
        os_last_campaign_name: 'Q4 outreach',
      });
      expect(contactProperties(social({ type: 'EMAIL_BOUNCE' }), custom)).toEqual({
        ...LEAD,
        os_last_app_url: APP_URL,
        os_last_update_occurred: AT,
        os_last_update_source: 'HeyReach',
        os_last_campaign_id: '42',
        os_last_campaign_name: 'Q4 outreach',
      });
    });

    it('names the social sender by e-mail when it has no name', () => {
      const props = contactProperties(
        social({
          type: 'FOLLOW_SENT',
          sender: { email: 'bob@seller.test', name: null, profileUrl: null },
        }),
        custom,
      );
      expect(props.os_last_follow_sender).toBe('bob@seller.test');
    });

    it('leaves out every os_* property whose value the event lacks', () => {
      const bare = {
        lead: emptyLead,
        sender: { email: null, name: null, profileUrl: null },
        campaign: { id: null, name: null },
        subject: null,
        bodyText: null,
        sequenceStep: null,
        category: null,
        link: null,
        platformUrl: null,
      };
      const time = { os_last_update_occurred: AT, os_last_update_source: 'Smartlead' };
      expect(contactProperties(event({ ...bare, type: 'EMAIL_SENT' }), custom)).toEqual({
        ...time,
        os_last_sent_time: AT,
      });
      expect(contactProperties(event({ ...bare, type: 'EMAIL_REPLY' }), custom)).toEqual({
        ...time,
        os_last_reply_time: AT,
      });
      expect(contactProperties(event({ ...bare, type: 'LEAD_CATEGORY_UPDATED' }), custom)).toEqual(
        time,
      );
      expect(
        contactProperties(event({ ...bare, type: 'EMAIL_SENT', sequenceStep: 0 }), custom),
      ).toEqual({ ...time, os_last_sent_time: AT, os_last_email_sequence_step: '0' });
    });

    it('names the replying lead by whichever name part it has', () => {
      const props = contactProperties(
        event({ type: 'EMAIL_REPLY', lead: { ...emptyLead, lastName: 'Lima' } }),
        custom,
      );
      expect(props.os_last_reply_name).toBe('Lima');
    });

    it('leaves the open and click counters to counterIncrements', () => {
      const open = contactProperties(event({ type: 'EMAIL_OPEN' }), custom);
      const click = contactProperties(event({ type: 'EMAIL_LINK_CLICK' }), custom);
      expect(open).not.toHaveProperty('os_number_of_email_opens');
      expect(click).not.toHaveProperty('os_number_of_email_link_clicks');
    });
  });
});

describe('counterIncrements', () => {
  const custom = settings({ createContactCustomProperties: true });

  it('counts one open per open and one click per click', () => {
    expect(counterIncrements(event({ type: 'EMAIL_OPEN' }), custom)).toEqual({
      os_number_of_email_opens: 1,
    });
    expect(counterIncrements(event({ type: 'EMAIL_LINK_CLICK' }), custom)).toEqual({
      os_number_of_email_link_clicks: 1,
    });
  });

  it('counts nothing for other events', () => {
    expect(counterIncrements(event({ type: 'EMAIL_SENT' }), custom)).toEqual({});
    expect(counterIncrements(event({ type: 'EMAIL_REPLY' }), custom)).toEqual({});
  });

  it('counts nothing when custom properties are off', () => {
    expect(counterIncrements(event({ type: 'EMAIL_OPEN' }), settings())).toEqual({});
    expect(counterIncrements(event({ type: 'EMAIL_LINK_CLICK' }), settings())).toEqual({});
  });
});
