/** Toasts close after 3000 ms; a life of 0 keeps one until it is closed (spec 01 §9, 02 §9). */
export const TOAST_LIFE_MS = 3000;
export const STICKY_TOAST_LIFE_MS = 0;

/** After a resend, the verify screen counts down this long before the next (spec 01 §9). */
export const SIGN_IN_RESEND_COOLDOWN_SECONDS = 30;
