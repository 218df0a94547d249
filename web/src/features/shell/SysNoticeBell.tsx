import { NOTICE_TYPE_LABELS } from '@dpms/core';
import type { NoticeTop } from '@dpms/http-client';
import { MenuItem } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Dialog } from '../../components/ui/Dialog';
import { BellMenu } from '../../components/widgets/BellMenu';
import { NoticeHtml } from '../../components/widgets/NoticeHtml';

const TOP_KEY = ['sys-notice-top'] as const;
/** How often the bell asks again (RuoYi's asks at each page load; ours stays open for hours). */
export const NOTICE_REFRESH_MS = 60_000;

/**
 * The top bar's 通知公告, beside the approval bell: the latest notices with the unread count on
 * the badge. Opening one shows it and marks it read; 全部已读 marks every listed one.
 */
export function SysNoticeBell() {
  const notices = useService(TOKENS.SysNoticeGateway);
  const clock = useInstituteClock();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<number | undefined>();
  const top = useQuery({
    queryKey: TOP_KEY,
    queryFn: () => notices.top(),
    refetchInterval: NOTICE_REFRESH_MS,
  });
  const detail = useQuery({
    queryKey: ['sys-notice', openId],
    queryFn: () => notices.get(openId!),
    enabled: openId !== undefined,
  });
  const list = top.data?.notices ?? [];
  const unread = top.data?.unreadCount ?? 0;
  // The bell answers at once; the server's answer follows.
  const markLocally = (read: (id: number) => boolean) =>
    queryClient.setQueryData<NoticeTop>(TOP_KEY, (old) => {
      if (!old) return old;
      const next = old.notices.map((n) => (read(n.noticeId) ? { ...n, isRead: true } : n));
      return { notices: next, unreadCount: next.filter((n) => !n.isRead).length };
    });
  const settle = () => void queryClient.invalidateQueries({ queryKey: TOP_KEY });
  const open = (noticeId: number, isRead: boolean) => {
    setOpenId(noticeId);
    if (isRead) return;
    markLocally((id) => id === noticeId);
    // A failed mark (the notice closed meanwhile, the network) needs no word: the refetch shows
    // the server's truth either way.
    void notices.markRead(noticeId).then(settle, settle);
  };
  const readAll = () => {
    const ids = list.filter((n) => !n.isRead).map((n) => n.noticeId);
    if (ids.length === 0) return;
    markLocally(() => true);
    void notices.markAllRead(ids).then(settle, settle);
  };
  const shown = detail.data;
  return (
    <>
      <BellMenu
        label={unread > 0 ? `通知公告（${unread}条未读）` : '通知公告'}
        icon="M4 10v4h3l6 4V6L7 10H4zM16.5 8.5a5 5 0 010 7M19 6a8.5 8.5 0 010 12"
        badge={unread > 0 ? (unread > 99 ? '99+' : String(unread)) : undefined}
        testId="sys-notice"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-2 text-sm">
          <span className="font-medium text-ink">通知公告</span>
          {unread > 0 && (
            <MenuItem>
              <button
                type="button"
                onClick={readAll}
                className="text-xs text-brand-600 data-focus:underline"
                data-testid="sys-notice-read-all"
              >
                全部已读
              </button>
            </MenuItem>
          )}
        </div>
        {list.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted">暂无通知公告</p>
        ) : (
          list.map((n) => (
            <MenuItem key={n.noticeId}>
              <button
                type="button"
                onClick={() => open(n.noticeId, n.isRead)}
                className={`block w-full px-4 py-2 text-left text-sm data-focus:bg-brand-50 ${n.isRead ? 'opacity-60' : ''}`}
                data-testid="sys-notice-item"
                data-read={n.isRead ? 'true' : 'false'}
              >
                <span className="flex items-center gap-2">
                  {!n.isRead && (
                    <span
                      className="size-1.5 shrink-0 rounded-full bg-danger-600"
                      aria-label="未读"
                    />
                  )}
                  <span className="text-xs text-ink-soft">
                    [{NOTICE_TYPE_LABELS[n.noticeType]}]
                  </span>
                  <span className="truncate font-medium text-ink">{n.noticeTitle}</span>
                </span>
                <span className="flex justify-between gap-2 text-xs text-ink-soft">
                  <span>{n.createByName}</span>
                  <span className="tabular-nums">{clock.instant(n.createTime)}</span>
                </span>
              </button>
            </MenuItem>
          ))
        )}
      </BellMenu>
      {openId !== undefined && (
        <Dialog
          open
          onClose={() => setOpenId(undefined)}
          title={shown ? NOTICE_TYPE_LABELS[shown.noticeType] : '通知公告'}
          width={760}
          testId="sys-notice-dialog"
        >
          {detail.isError ? (
            <p className="text-sm text-danger-600">该公告已关闭或已删除</p>
          ) : !shown ? (
            <p className="text-sm text-muted">加载中…</p>
          ) : (
            <>
              <h2 className="mb-1 text-center text-lg font-semibold text-ink">
                {shown.noticeTitle}
              </h2>
              <p className="mb-4 flex justify-center gap-3 text-xs text-ink-soft">
                <span>{shown.createByName}</span>
                <span className="tabular-nums">{clock.instant(shown.createTime)}</span>
              </p>
              <NoticeHtml html={shown.noticeContent} testId="sys-notice-content" />
            </>
          )}
        </Dialog>
      )}
    </>
  );
}
