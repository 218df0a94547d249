import {
  HIDE_NOTIFY_SESSION_KEY,
  HIDE_NOTIFY_SESSION_VALUE,
  initialNotifyView,
  isNotifyHidden,
  NotifyPoller,
  notifyViewReducer,
  type NotifyViewEvent,
  type NotifyViewState,
} from '@dpms/core';
import type { EventBus, SessionStore } from '@dpms/browser';
import type { WebScheduler } from './tokens';
import type { NotifyGateway } from '@dpms/http-client';
import { z } from 'zod';

/**
 * The shell's notifications: core's poller (at start, then 60 s after each poll, skipping while
 * one runs, and on the bus's getNotify) feeding core's view reducer (dialog, icon, counts).
 */
export class NotifyService {
  private view: NotifyViewState;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly gateway: NotifyGateway,
    private readonly scheduler: WebScheduler,
    private readonly bus: EventBus,
    private readonly storage: SessionStore,
  ) {
    this.view = initialNotifyView(
      isNotifyHidden(storage.read(HIDE_NOTIFY_SESSION_KEY, z.string())),
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): NotifyViewState => this.view;

  private dispatch(event: NotifyViewEvent) {
    this.view = notifyViewReducer(this.view, event);
    if (event.type === 'dialogClosed')
      this.storage.write(HIDE_NOTIFY_SESSION_KEY, HIDE_NOTIFY_SESSION_VALUE);
    for (const l of this.listeners) l();
  }

  /** Starts polling for `userId`; returns the stop function. */
  start(userId: number): () => void {
    const poller = new NotifyPoller({
      gateway: {
        // A refused call (non-200) is ignored silently, like every start-up load.
        fetchNotify: () => this.gateway.getNotify(userId).catch(() => null),
      },
      scheduler: this.scheduler,
      bus: { on: (event, handler) => this.bus.on(event as 'getNotify', handler) },
      onNotify: (response) => this.dispatch({ type: 'notified', response }),
    });
    poller.start();
    return () => poller.dispose();
  }

  closeDialog(): void {
    this.dispatch({ type: 'dialogClosed' });
  }

  openDialog(): void {
    this.dispatch({ type: 'iconClicked' });
  }

  /** The user opened the approval: its 抄送/催办 notices leave the bell (the server reads them). */
  approvalOpened(approvalId: string): void {
    this.dispatch({ type: 'approvalOpened', approvalId });
  }
}
