import type { CreateClaim, CreateClaims } from '../../pipeline/write/crm-writer';
import type { CrmCreateClaimDoc, CrmCreateClaimModel } from './crm-create-claim.model';
import { isDuplicateKey } from '../../platform/db';

/** How long a holder may take to create the record (a CRM call with its own retries). */
const CLAIM_LEASE_MS = 60_000;
/** How long a created record's id answers later claims: longer than the CRM's search lag. */
const CREATED_KEPT_MS = 60 * 60_000;

/**
 * The pipeline's CreateClaims over the `crmCreateClaims` collection (shared by every worker): the
 * document's `_id` is the key, so only one writer's upsert takes a free key.
 */
export function createCreateClaims(
  claims: CrmCreateClaimModel,
  now: () => Date = () => new Date(),
): CreateClaims {
  return {
    async claim(key, holder): Promise<CreateClaim> {
      const at = now();
      try {
        // A free key: none yet, or one whose holder stopped before creating.
        const before = await claims
          .findOneAndUpdate(
            { _id: key, recordId: null, $or: [{ until: { $lte: at } }, { holder }] },
            {
              $set: {
                holder,
                until: new Date(at.getTime() + CLAIM_LEASE_MS),
                expiresAt: new Date(at.getTime() + CREATED_KEPT_MS),
              },
            },
            { upsert: true, returnDocument: 'before' },
          )
          .lean<CrmCreateClaimDoc>();
        return { kind: 'mine', afterAnother: before !== null && before.holder !== holder };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const held = await claims.findById(key).lean<CrmCreateClaimDoc>();
      if (held?.recordId) return { kind: 'created', recordId: held.recordId };
      return { kind: 'busy' };
    },

    async created(key, holder, recordId) {
      await claims.updateOne(
        { _id: key, holder },
        { $set: { recordId, expiresAt: new Date(now().getTime() + CREATED_KEPT_MS) } },
      );
    },

    async release(key, holder) {
      await claims.deleteOne({ _id: key, holder, recordId: null });
    },
  };
}
