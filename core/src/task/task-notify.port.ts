import type { WarnTask } from '../notify/notify-response.js';

/**
 * What the design task slice adds to `getNotify` (000 §3 "Notify response"): the caller's urgent
 * tasks and whether an approved seal result waits unseen for them.
 */
export interface TaskNotifyPort {
  notify(userId: number): Promise<{
    readonly warnTaskList: readonly WarnTask[];
    readonly unLookSeal: boolean;
  }>;
}
