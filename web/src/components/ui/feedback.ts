import { confirmMessage } from '@dpms/core';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ConfirmRequest {
  id: number;
  title: string;
  message: string;
  confirmText: string;
  cancelText: string;
  /** Whether a cancel button shows (an alert has only one button). */
  showCancel: boolean;
  kind: 'warning' | 'info';
  resolve: (ok: boolean) => void;
}

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  showCancel?: boolean;
  kind?: 'warning' | 'info';
}

/** Long work under way (a background export): a title, a line and a bar, until it closes. */
export interface ProgressNote {
  id: number;
  title: string;
  message: string;
  /** 0-100; null while the extent is unknown (the bar runs without a figure). */
  percent: number | null;
}

/** What the code doing the work holds of its progress note. */
export interface ProgressHandle {
  update(message: string, percent: number | null): void;
  close(): void;
}

interface State {
  toasts: Toast[];
  confirms: ConfirmRequest[];
  progress: ProgressNote[];
}

/**
 * Messages and confirms of the whole web: a small store the `FeedbackHost` renders. It is also
 * what the HTTP client's user-interface port speaks to.
 */
export class Feedback {
  private state: State = { toasts: [], confirms: [], progress: [] };
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): State => this.state;

  private set(next: State) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  toast(kind: ToastKind, message: string, durationMs = 3000): void {
    const id = this.nextId++;
    this.set({ ...this.state, toasts: [...this.state.toasts, { id, kind, message }] });
    setTimeout(() => this.dismiss(id), durationMs);
  }

  success(message: string): void {
    this.toast('success', message);
  }

  error(message: string, durationMs = 3000): void {
    this.toast('error', message, durationMs);
  }

  warning(message: string): void {
    this.toast('warning', message);
  }

  /** Shows a progress note (bottom right) that the work updates and closes. */
  progress(title: string): ProgressHandle {
    const id = this.nextId++;
    this.set({
      ...this.state,
      progress: [...this.state.progress, { id, title, message: '', percent: null }],
    });
    return {
      update: (message, percent) =>
        this.set({
          ...this.state,
          progress: this.state.progress.map((p) => (p.id === id ? { ...p, message, percent } : p)),
        }),
      close: () =>
        this.set({ ...this.state, progress: this.state.progress.filter((p) => p.id !== id) }),
    };
  }

  dismiss(id: number): void {
    this.set({ ...this.state, toasts: this.state.toasts.filter((t) => t.id !== id) });
  }

  confirm(options: ConfirmOptions): Promise<boolean> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const request: ConfirmRequest = {
        id,
        title: options.title ?? '系统提示',
        message: confirmMessage(options.message),
        confirmText: options.confirmText ?? '确定',
        cancelText: options.cancelText ?? '取消',
        showCancel: options.showCancel ?? true,
        kind: options.kind ?? 'warning',
        resolve: (ok) => {
          this.set({ ...this.state, confirms: this.state.confirms.filter((c) => c.id !== id) });
          resolve(ok);
        },
      };
      this.set({ ...this.state, confirms: [...this.state.confirms, request] });
    });
  }
}
