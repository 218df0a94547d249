/** The events the shell passes between features that do not import each other. */
export interface ShellEvents {
  /** Ask the notification poller for a poll now (000 §4). */
  getNotify: undefined;
}

type Handler<T> = (payload: T) => void;

/** A small typed event bus (the original's `$bus`). */
export class EventBus<Events extends object = ShellEvents> {
  private readonly handlers = new Map<keyof Events, Set<Handler<never>>>();

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler<never>>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => this.off(event, handler);
  }

  off<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void {
    this.handlers.get(event)?.delete(handler);
  }

  emit<K extends keyof Events>(
    event: K,
    ...payload: Events[K] extends undefined ? [] : [Events[K]]
  ): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      (handler as Handler<Events[K] | undefined>)(payload[0]);
    }
  }
}
