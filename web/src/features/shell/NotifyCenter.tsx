import {
  isNotifyIconVisible,
  NOTIFY_DIALOG_BEHAVIOUR,
  NOTIFY_DIALOG_TITLE,
  NOTIFY_LIST_LABELS,
  NOTIFY_LIST_MAX_HEIGHT_PX,
  type MenuBadgeCounts,
} from '@dpms/core';
import { useEffect } from 'react';
import { useNotifyView, useSession } from '../../app/hooks';
import { Dialog } from '../../components/ui/Dialog';

/** The notify answer as the sidebar needs it. */
export function useNotifyCounts(): MenuBadgeCounts {
  const { state } = useNotifyView();
  return { unDealCount: state.unDealCount, unLookSeal: state.unLookSeal };
}

/**
 * Polls getNotify while the shell is open, and shows the urgent-task dialog and its floating icon.
 * The dialog has no buttons and closes neither by clicking outside nor by Esc; its × sets the
 * session flag hideNotify, the icon reopens it.
 */
export function NotifyCenter() {
  const { notify, state } = useNotifyView();
  const userId = useSession().session.userInfo?.userId;
  useEffect(() => {
    if (userId === undefined) return;
    return notify.start(userId);
  }, [notify, userId]);
  const tasks = state.warnTasks;
  return (
    <>
      {isNotifyIconVisible(state) && (
        <button
          type="button"
          data-testid="urgent-icon"
          aria-label={`急需处理的任务单（${tasks.length}）`}
          onClick={() => notify.openDialog()}
          className="fixed right-5 bottom-20 z-30 flex size-12 items-center justify-center rounded-full bg-warn-500 text-white shadow-pop hover:bg-warn-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-warn-500"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path d="M12 3l10 18H2L12 3zM12 10v5M12 18v.5" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <Dialog
        open={state.dialogOpen}
        onClose={() => notify.closeDialog()}
        title={NOTIFY_DIALOG_TITLE}
        width={520}
        closeOnClickOutside={NOTIFY_DIALOG_BEHAVIOUR.closeOnClickOutside}
        closeOnEscape={NOTIFY_DIALOG_BEHAVIOUR.closeOnEscape}
        testId="urgent-dialog"
      >
        <ul
          className="divide-y divide-line overflow-y-auto"
          style={{ maxHeight: NOTIFY_LIST_MAX_HEIGHT_PX }}
          data-testid="urgent-list"
        >
          {tasks.map((task, i) => (
            <li
              key={`${task.taskNo}${i}`}
              className="flex items-center justify-between gap-4 py-2.5 text-sm"
            >
              <span>
                <span className="text-muted">{NOTIFY_LIST_LABELS.taskNo}：</span>
                <span className="font-medium text-ink">{task.taskNo}</span>
              </span>
              <span>
                <span className="text-muted">{NOTIFY_LIST_LABELS.planFinishDate}：</span>
                <span className="text-danger-600 tabular-nums">{task.planFinishDate}</span>
              </span>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
