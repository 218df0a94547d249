import { ALL_PERMISSION, noticeBadge, noticeLine, noticeScreenOf, searchReachOf } from '@dpms/core';
import { MenuItem } from '@headlessui/react';
import { useNavigate } from 'react-router';
import { useActionActor, useNotifyView } from '../../app/hooks';
import { useInstituteClock } from '../../components/time/institute-clock';
import { BellMenu } from '../../components/widgets/BellMenu';

/**
 * The top bar's bell: the unread 抄送/催办 notices (badge and list), each naming the approval, who
 * sent it and when on the institute's clock. Choosing one opens the approval, which reads it, in
 * the approval-centre list the person holds (core's `noticeScreenOf`): a menu they lack would
 * open a not-found page. Someone with none marks it read and stays.
 */
export function NotifyBell() {
  const { notify, state } = useNotifyView();
  const clock = useInstituteClock();
  const navigate = useNavigate();
  const actor = useActionActor();
  const screen = noticeScreenOf(
    searchReachOf(actor.isAdmin ? [ALL_PERMISSION] : actor.permissions).approval,
  );
  const badge = noticeBadge(state);
  const open = (approvalId: string) => {
    notify.approvalOpened(approvalId);
    if (screen) void navigate(`${screen}?approvalId=${encodeURIComponent(approvalId)}`);
  };
  return (
    <BellMenu
      label={state.noticeCount > 0 ? `抄送和催办（${state.noticeCount}条未读）` : '抄送和催办'}
      icon="M6 16V11a6 6 0 1112 0v5l1.5 2h-15L6 16zM10 20a2 2 0 004 0"
      badge={badge === undefined ? undefined : String(badge)}
      testId="notice"
    >
      {state.notices.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted">暂无未读的抄送或催办</p>
      ) : (
        state.notices.map((n) => (
          <MenuItem key={n.noticeId}>
            <button
              type="button"
              onClick={() => open(n.approvalId)}
              className="block w-full px-4 py-2 text-left text-sm data-focus:bg-brand-50"
              data-testid="notice-item"
            >
              <span className="block truncate font-medium text-ink">{n.approvalTitle}</span>
              <span className="flex justify-between gap-2 text-xs text-ink-soft">
                <span>{noticeLine(n)}</span>
                <span className="tabular-nums">{clock.instant(n.createTime)}</span>
              </span>
            </button>
          </MenuItem>
        ))
      )}
    </BellMenu>
  );
}
