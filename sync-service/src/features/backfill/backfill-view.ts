import type { Backfill } from '@outsync/contracts/webhooks';
import { HISTORY_SUPPORT } from '../../connectors';
import type { BackfillDoc } from './backfill.model';

/** How far a read stands, 0..1, where the platform gives totals (Instantly's e-mails have none). */
export function fractionOf(doc: Pick<BackfillDoc, 'status' | 'progress'>): number | null {
  if (doc.status === 'completed') return 1;
  const progress = doc.progress;
  if (!progress) return doc.status === 'queued' ? 0 : null;
  if (progress.total === null) return null;
  const within = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 1;
  return Math.min(1, (progress.campaign + within) / Math.max(1, progress.campaigns));
}

const UNFINISHED = new Set(['queued', 'running', 'paused-for-rate-limit']);

/**
 * When it should end at the rate so far: the time spent reading, scaled to what is left. Waits
 * for the platform's rate limit are not in the rate (they are not reading), so a pause shows its
 * own "resumes at" and the ETA from then on.
 */
export function etaOf(doc: BackfillDoc, now: Date): Date | null {
  if (!UNFINISHED.has(doc.status)) return null;
  const fraction = fractionOf(doc);
  if (fraction === null || fraction <= 0 || doc.activeMs <= 0) return null;
  const leftMs = (doc.activeMs * (1 - fraction)) / fraction;
  const from = doc.resumesAt && doc.resumesAt > now ? doc.resumesAt : now;
  return new Date(from.getTime() + Math.round(leftMs));
}

export function backfillView(doc: BackfillDoc, now: Date): Backfill {
  const support = HISTORY_SUPPORT[doc.platform];
  return {
    id: doc._id.toString(),
    webhookId: doc.webhookId.toString(),
    platform: doc.platform,
    status: doc.status,
    from: doc.from.toISOString(),
    to: doc.to.toISOString(),
    campaigns: doc.campaigns.map((campaign) => ({ id: campaign.id, name: campaign.name })),
    pagesRead: doc.pagesRead,
    eventsFound: doc.eventsFound,
    queued: doc.queued,
    skipped: doc.skipped,
    progress: doc.progress,
    fraction: fractionOf(doc),
    eta: etaOf(doc, now)?.toISOString() ?? null,
    resumesAt:
      doc.status === 'paused-for-rate-limit' ? (doc.resumesAt?.toISOString() ?? null) : null,
    error: doc.error,
    notAvailable: [...support.notAvailable],
    rebuilds: [...support.rebuilds],
    createdAt: doc.createdAt.toISOString(),
    startedAt: doc.startedAt?.toISOString() ?? null,
    finishedAt: doc.finishedAt?.toISOString() ?? null,
  };
}
