import { atom } from 'jotai';
import type { CurrentUser } from '@outsync/contracts';

/**
 * The signed-in user, loaded once by the shell when the dashboard opens (null until then, and
 * when a module runs without a shell). Modules read roles and the plan from it.
 */
export const currentUserAtom = atom<CurrentUser | null>(null);
