import type { HoldStore } from '../../pipeline';
import type { CategoryHoldModel, LeadCategoryStateModel } from './category-hold.model';

/** The pipeline's HoldStore over the Category Base Filter records and the leads' categories. */
export function createHoldStore(models: {
  holds: CategoryHoldModel;
  leadStates: LeadCategoryStateModel;
}): HoldStore {
  const { holds, leadStates } = models;
  return {
    async hold({ doc, smartleadBaseCategories, categoryName, at }) {
      await holds.updateOne(
        { eventId: doc._id },
        {
          $setOnInsert: {
            eventId: doc._id,
            webhookId: doc.webhookId,
            userId: doc.userId,
            webhook_url: doc.webhookUrl,
            webhook_event: doc.eventType ?? doc.rawEventType ?? '',
            campaign_id: doc.campaignId,
            lead_id: doc.platformLeadId ?? doc.leadKey,
            leadKey: doc.leadKey ?? '',
            smartlead_base_categories: smartleadBaseCategories,
            category_name: categoryName,
            dto: doc.summary,
            created_at: at,
            sent_at: null,
            expiresAt: doc.expiresAt,
          },
        },
        { upsert: true },
      );
    },

    async markSent(eventIds, at) {
      if (eventIds.length === 0) return;
      await holds.updateMany(
        { eventId: { $in: eventIds }, sent_at: null },
        { $set: { sent_at: at } },
      );
    },

    async leadCategory(webhookId, leadKey, { platformAnswersSince }) {
      const state = await leadStates.findOne({ webhookId, leadKey }).lean();
      if (!state) return undefined;
      // A platform's answer is asked again once it is old: the lead may have moved since.
      const stale =
        state.source === 'platform' &&
        (!state.learntAt || state.learntAt.getTime() < platformAnswersSince.getTime());
      return stale ? undefined : state.category;
    },

    async rememberLeadCategory({ webhookId, leadKey, category, asOf, source, at }) {
      // An older event never overwrites what a newer one said (out-of-order delivery).
      await leadStates
        .updateOne(
          { webhookId, leadKey, asOf: { $lte: asOf } },
          { $set: { category, asOf, source, learntAt: at } },
          { upsert: true },
        )
        .catch((error: unknown) => {
          // The upsert collides with a newer state of the same lead: keep the newer one.
          if ((error as { code?: unknown }).code !== 11000) throw error;
        });
    },
  };
}
