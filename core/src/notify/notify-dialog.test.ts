import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  initialNotifyView,
  isNotifyIconVisible,
  noticeBadge,
  noticeLine,
  notifyBadge,
  notifyViewReducer,
  type NotifyViewEvent,
} from './notify-dialog.js';
import {
  isNotifyHidden,
  NOTIFY_DIALOG_TITLE,
  NOTIFY_LIST_MAX_HEIGHT_PX,
  type NotifyResponse,
} from './notify-response.js';

const withTasks = (n: number, unDealCount = 0): NotifyResponse => ({
  unDealCount,
  unLookSeal: false,
  warnTaskList: Array.from({ length: n }, (_, i) => ({
    taskNo: `RW-${i}`,
    planFinishDate: '2025-03-01',
  })),
});

describe('notify view', () => {
  it('opens after a poll with tasks unless hidden for the session', () => {
    const open = notifyViewReducer(initialNotifyView(false), {
      type: 'notified',
      response: withTasks(2),
    });
    expect(open.dialogOpen).toBe(true);
    const hidden = notifyViewReducer(initialNotifyView(true), {
      type: 'notified',
      response: withTasks(2),
    });
    expect(hidden.dialogOpen).toBe(false);
    expect(isNotifyIconVisible(hidden)).toBe(true);
  });
  it('stays closed and hides the icon without tasks', () => {
    const s = notifyViewReducer(initialNotifyView(false), {
      type: 'notified',
      response: withTasks(0),
    });
    expect(s.dialogOpen).toBe(false);
    expect(isNotifyIconVisible(s)).toBe(false);
    expect(notifyViewReducer(s, { type: 'iconClicked' }).dialogOpen).toBe(false);
  });
  it('sets the flag on close and reopens from the icon', () => {
    let s = notifyViewReducer(initialNotifyView(false), {
      type: 'notified',
      response: withTasks(1),
    });
    s = notifyViewReducer(s, { type: 'dialogClosed' });
    expect(s).toMatchObject({ dialogOpen: false, hideNotify: true });
    s = notifyViewReducer(s, { type: 'notified', response: withTasks(3) });
    expect(s.dialogOpen).toBe(false);
    s = notifyViewReducer(s, { type: 'iconClicked' });
    expect(s.dialogOpen).toBe(true);
    s = notifyViewReducer(s, { type: 'notified', response: withTasks(3) });
    expect(s.dialogOpen).toBe(true);
  });
  it('shows the badge with the cap', () => {
    const s = notifyViewReducer(initialNotifyView(false), {
      type: 'notified',
      response: withTasks(0, 120),
    });
    expect(notifyBadge(s)).toBe('99+');
    expect(notifyBadge(initialNotifyView(false))).toBeUndefined();
  });
  it('has the spec constants', () => {
    expect(NOTIFY_DIALOG_TITLE).toBe('您有以下任务单急需处理');
    expect(NOTIFY_LIST_MAX_HEIGHT_PX).toBe(300);
    expect(isNotifyHidden('true')).toBe(true);
    expect(isNotifyHidden(null)).toBe(false);
  });
  it('never opens by itself once closed, and never open without tasks (property)', () => {
    const event = fc.oneof(
      fc.nat(3).map((n): NotifyViewEvent => ({ type: 'notified', response: withTasks(n) })),
      fc.constant<NotifyViewEvent>({ type: 'dialogClosed' }),
      fc.constant<NotifyViewEvent>({ type: 'iconClicked' }),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(event, { maxLength: 40 }), (hidden, events) => {
        let s = initialNotifyView(hidden);
        for (const e of events) {
          const before = s;
          s = notifyViewReducer(s, e);
          if (s.dialogOpen) expect(s.warnTasks.length).toBeGreaterThan(0);
          if (e.type === 'notified' && before.hideNotify && !before.dialogOpen)
            expect(s.dialogOpen).toBe(false);
          if (before.hideNotify) expect(s.hideNotify).toBe(true);
        }
      }),
    );
  });
});

describe('the bell (抄送/催办 notices)', () => {
  const notice = (approvalId: string, i: number) => ({
    noticeId: `${approvalId}-${i}`,
    approvalId,
    approvalTitle: `审批${approvalId}`,
    kind: i % 2 === 0 ? ('copy' as const) : ('urge' as const),
    senderName: '王经营',
    createTime: '2026-11-26T01:00:00.000Z',
  });

  it('reads the count and list of a poll, and none from an answer without them', () => {
    const list = [notice('7', 0), notice('8', 1)];
    const s = notifyViewReducer(initialNotifyView(false), {
      type: 'notified',
      response: { ...withTasks(0), noticeCount: 5, noticeList: list },
    });
    expect(s).toMatchObject({ noticeCount: 5, notices: list });
    expect(noticeBadge(s)).toBe('5');
    const older = notifyViewReducer(s, { type: 'notified', response: withTasks(0) });
    expect(older).toMatchObject({ noticeCount: 0, notices: [] });
    expect(noticeBadge(older)).toBeUndefined();
  });

  it('words a notice by its sender and kind', () => {
    expect(noticeLine({ kind: 'copy', senderName: '王经营' })).toBe('王经营 抄送给您');
    expect(noticeLine({ kind: 'urge', senderName: '施设计' })).toBe('施设计 催您审批');
  });

  it('drops an opened approval’s notices, and only its own, until the next poll (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1', '2', '3'), { maxLength: 12 }),
        fc.nat(5),
        fc.constantFrom('1', '2', '3', '4'),
        (ids, unlisted, opened) => {
          const list = ids.map((id, i) => notice(id, i));
          const s = notifyViewReducer(initialNotifyView(false), {
            type: 'notified',
            response: { ...withTasks(0), noticeCount: list.length + unlisted, noticeList: list },
          });
          const after = notifyViewReducer(s, { type: 'approvalOpened', approvalId: opened });
          expect(after.notices).toEqual(list.filter((n) => n.approvalId !== opened));
          expect(after.noticeCount).toBe(after.notices.length + unlisted);
        },
      ),
    );
  });
});
