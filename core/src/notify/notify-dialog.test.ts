import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  initialNotifyView,
  isNotifyIconVisible,
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
