/** Where customers write for help and to upgrade (spec 01 §2.2 "Email support", the banner). */
export const SUPPORT_EMAIL = 'support@outsync.dev';
/** The sidebar's Knowledge base link (its target is not in the spec; see docs/decisions.md). */
export const KNOWLEDGE_BASE_URL = 'https://github.com/outsync-dev/outsync/tree/main/docs';
