import { Router } from '@koa/router';
import { asArray, asNumber, bodyObject, isObject, type Ctx } from '../core/http.ts';
import { platformAccountOf } from '../platforms/platform-auth.ts';
import { HEYREACH_PREFIX } from '../platforms/heyreach.routes.ts';
import { linkedInIdOf } from '../platforms/platform-store.ts';
import { historyOf, type HistoryLead, type HistoryMessage } from './history-seed.ts';

/** `GetConversationsV2` pages hold at most 100 conversations. */
export const HEYREACH_CONVERSATIONS_PAGE_MAX = 100;

/**
 * HeyReach's `POST /inbox/GetConversationsV2`: LinkedIn conversations with their messages,
 * newest activity first, paged by `offset`/`limit` (≤100), filtered by `filters.campaignIds`.
 * One conversation per seeded lead. Connection requests, follows, likes and views have no
 * history endpoint (docs/decisions.md, "Backfill"), so only messages are here.
 */
export function heyreachHistoryRouter(): Router {
  const router = new Router({ prefix: HEYREACH_PREFIX });

  router.post('/inbox/GetConversationsV2', (ctx) => {
    const body = bodyObject(ctx);
    const offset = asNumber(body.offset, 0);
    const limit = asNumber(body.limit, 10);
    const filters = isObject(body.filters) ? body.filters : {};
    const campaignIds = asArray(filters.campaignIds).map((id) => asNumber(id, Number.NaN));
    if (!Number.isInteger(offset) || offset < 0)
      return badRequest(ctx, 'Offset must be 0 or more.');
    if (!Number.isInteger(limit) || limit < 1 || limit > HEYREACH_CONVERSATIONS_PAGE_MAX)
      return badRequest(ctx, `Limit must be between 1 and ${HEYREACH_CONVERSATIONS_PAGE_MAX}.`);
    if (campaignIds.some((id) => !Number.isInteger(id)))
      return badRequest(ctx, 'CampaignIds must be numbers.');

    const history = historyOf(platformAccountOf(ctx));
    const conversations = history.leads
      .filter((lead) => campaignIds.length === 0 || campaignIds.includes(lead.campaign.id))
      .map((lead) => ({ lead, messages: history.byLead.get(lead.id) ?? [] }))
      .filter(({ messages }) => messages.length > 0)
      .sort(
        (a, b) => lastAt(b.messages).localeCompare(lastAt(a.messages)) || b.lead.id - a.lead.id,
      );
    ctx.body = {
      totalCount: conversations.length,
      items: conversations
        .slice(offset, offset + limit)
        .map(({ lead, messages }) => conversation(lead, messages)),
    };
  });

  return router;
}

function lastAt(messages: readonly HistoryMessage[]): string {
  return messages.at(-1)?.at ?? '';
}

function conversation(lead: HistoryLead, messages: readonly HistoryMessage[]) {
  const last = messages.at(-1);
  return {
    id: `2-${Buffer.from(`${lead.uuid}_${lead.sender.id}`).toString('base64')}`,
    read: true,
    groupChat: false,
    blockedByMe: false,
    blockedByParticipant: false,
    lastMessageAt: last?.at ?? null,
    lastMessageText: last?.text ?? null,
    lastMessageType: 'MEMBER_TO_MEMBER',
    lastMessageSender: last?.direction === 'in' ? 'CORRESPONDENT' : 'ME',
    totalMessages: messages.length,
    campaignId: lead.campaign.id,
    linkedInAccountId: lead.sender.id,
    linkedInAccount: {
      id: lead.sender.id,
      firstName: lead.sender.name.split(' ')[0],
      lastName: lead.sender.name.split(' ').slice(1).join(' '),
      emailAddress: lead.sender.email,
      profileUrl: lead.sender.profileUrl,
    },
    correspondentProfile: {
      id: lead.id,
      linkedin_id: linkedInIdOf(lead.profileUrl),
      profileUrl: lead.profileUrl,
      firstName: lead.firstName,
      lastName: lead.lastName,
      headline: `${lead.title} at ${lead.company}`,
      companyName: lead.company,
      position: lead.title,
      location: null,
      emailAddress: lead.email,
      customEmailAddress: null,
      enrichedEmailAddress: null,
      tags: [],
    },
    messages: messages.map((message) => ({
      createdAt: message.at,
      body: message.text,
      subject: null,
      postLink: null,
      isInMail: false,
      sender: message.direction === 'in' ? 'CORRESPONDENT' : 'ME',
    })),
  };
}

function badRequest(ctx: Ctx, message: string): void {
  ctx.status = 400;
  ctx.body = { errorMessage: message, statusCode: 400 };
}
