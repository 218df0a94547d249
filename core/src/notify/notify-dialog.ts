import { formatBadge } from '../widgets/badge.js';
import type { NotifyResponse, WarnTask } from './notify-response.js';

/** What the shell shows of the notify answer: the urgent-task icon and dialog, the counts. */
export interface NotifyViewState {
  readonly warnTasks: readonly WarnTask[];
  readonly dialogOpen: boolean;
  /** The session flag: the user closed the dialog, so it no longer opens by itself. */
  readonly hideNotify: boolean;
  readonly unDealCount: number;
  readonly unLookSeal: boolean;
}

export type NotifyViewEvent =
  | { readonly type: 'notified'; readonly response: NotifyResponse }
  | { readonly type: 'dialogClosed' }
  | { readonly type: 'iconClicked' };

/** Before the first answer; `hideNotify` comes from session storage (`isNotifyHidden`). */
export function initialNotifyView(hideNotify: boolean): NotifyViewState {
  return { warnTasks: [], dialogOpen: false, hideNotify, unDealCount: 0, unLookSeal: false };
}

/**
 * - After a poll the dialog opens by itself when there are warning tasks and the session flag is
 *   not set. Why it closes when the list becomes empty: there is nothing left to show, and the
 *   icon that would reopen it is hidden.
 * - Closing sets the flag (the caller stores `hideNotify` in session storage).
 * - The icon reopens it; it has no effect when there are no tasks (the icon is hidden then).
 */
export function notifyViewReducer(state: NotifyViewState, event: NotifyViewEvent): NotifyViewState {
  switch (event.type) {
    case 'notified': {
      const { warnTaskList, unDealCount, unLookSeal } = event.response;
      const hasTasks = warnTaskList.length > 0;
      return {
        ...state,
        warnTasks: warnTaskList,
        unDealCount,
        unLookSeal,
        dialogOpen: hasTasks && (state.dialogOpen || !state.hideNotify),
      };
    }
    case 'dialogClosed':
      return { ...state, dialogOpen: false, hideNotify: true };
    case 'iconClicked':
      return state.warnTasks.length > 0 ? { ...state, dialogOpen: true } : state;
  }
}

/** The floating warning icon shows only when there are warning tasks. */
export function isNotifyIconVisible(state: NotifyViewState): boolean {
  return state.warnTasks.length > 0;
}

/** The unprocessed-approval badge ('99+' above 99, none at 0). */
export function notifyBadge(state: NotifyViewState): string | undefined {
  return formatBadge(state.unDealCount);
}

/** The dialog: not closable by clicking outside or by Esc, and no confirm or cancel button. */
export const NOTIFY_DIALOG_BEHAVIOUR = {
  closeOnClickOutside: false,
  closeOnEscape: false,
  showConfirmButton: false,
  showCancelButton: false,
} as const;
