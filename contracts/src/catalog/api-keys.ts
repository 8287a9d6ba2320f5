/** What the API keys table shows instead of a key (spec 02 §9). */
export const API_KEY_MASK = '********-****-****-****-**********_********';
