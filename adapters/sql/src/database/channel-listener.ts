import type pg from 'pg';

/** Who hears a channel: its payloads, and whether the listener is hearing them. */
export interface ChannelSink {
  /** One notification's payload (the same one may come more than once). */
  notify(payload: string): void;
  /**
   * `false` the moment the listener's connection is lost (notifications may be missed from then
   * on); `true` once LISTEN is in place again, after which every change is heard.
   */
  listening(on: boolean): void;
}

/** The process's listener of one channel. */
export interface ChannelListener {
  /** Whether LISTEN is in place on the dedicated connection now. */
  readonly listening: boolean;
  /** Stops listening for good and closes the connection. Idempotent. */
  close(): Promise<void>;
}

export interface ChannelListenerOptions {
  /** The channel (a plain identifier). */
  readonly channel: string;
  readonly sink: ChannelSink;
  /** A new, unconnected client for the dedicated connection. */
  readonly newClient: () => pg.Client;
  /** The pool whose connections also listen (see {@link listenToChannel}). */
  readonly pool: pg.Pool;
  /** First and longest wait before reconnecting, in ms (default 100 and 5,000). */
  readonly retryMs?: { readonly first: number; readonly longest: number };
  /** How often the connection is checked with a ping it must hear, in ms (default 15,000). */
  readonly heartbeatMs?: number;
}

/** Heartbeat payloads: never handed to the sink. */
const PING = 'ping:';
let pings = 0;

/**
 * Listens to `channel` on one dedicated connection (not one of the pool's), reconnecting with a
 * growing wait while the server is away, and checking the idle connection now and then so a
 * half-open one is noticed.
 *
 * Each pool connection also LISTENs (once, when first handed out after this call): a session that
 * notifies while listening receives its own notification before its statement's (or COMMIT's)
 * answer, so a change made through this pool reaches the sink before the call that made it
 * returns, and the next request of this process never races the dedicated connection. A pool
 * connection passes on only its own session's notifications; other sessions' changes arrive
 * through the dedicated connection only, which is what `listening` reports.
 */
export function listenToChannel(options: ChannelListenerOptions): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error('bad channel name');
  const { channel, sink, pool } = options;
  const first = options.retryMs?.first ?? 100;
  const longest = options.retryMs?.longest ?? 5000;
  let closed = false;
  let listening = false;
  let current: pg.Client | undefined;
  let wait = first;
  let retry: NodeJS.Timeout | undefined;

  /** The ping the dedicated connection has sent and not yet heard back. */
  let awaitedPing: string | undefined;

  const hear = (m: pg.Notification) => {
    if (closed || m.channel !== channel) return;
    const payload = m.payload ?? '';
    if (!payload.startsWith(PING)) sink.notify(payload);
  };
  const hearOwn = (m: pg.Notification) => {
    if (m.payload === awaitedPing) awaitedPing = undefined;
    hear(m);
  };

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (listening) {
      listening = false;
      sink.listening(false);
    }
    if (closed) return;
    retry = setTimeout(connect, wait);
    retry.unref();
    wait = Math.min(wait * 2, longest);
  };

  function connect(): void {
    retry = undefined;
    if (closed) return;
    const client = options.newClient();
    current = client;
    awaitedPing = undefined;
    client.on('notification', hearOwn);
    // After `lost` the handler stays, so a late error of an ended client does not crash the process.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    void (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch {
        lost(client);
        return;
      }
      if (current !== client || closed) return;
      wait = first;
      listening = true;
      sink.listening(true);
    })();
  }

  // The heartbeat notifies a ping on the listening connection itself: a session that listens
  // hears its own notification before the statement's answer, so a ping not heard by then means
  // LISTEN is no longer in place (a proxy that moved the session, an UNLISTEN) and a ping with no
  // answer means the connection is gone; either way the sink stops trusting what it has.
  const heartbeat = setInterval(() => {
    const client = current;
    if (!client || !listening) return;
    const ping = `${PING}${process.pid}-${++pings}`;
    awaitedPing = ping;
    client
      .query('select pg_notify($1, $2)', [channel, ping])
      .then(() => {
        if (awaitedPing === ping) lost(client);
      })
      .catch(() => lost(client));
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  const heard = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (heard.has(client)) return;
    heard.add(client);
    // A pool connection hands on only what its own session announced: other sessions' changes
    // come through the dedicated connection, once, instead of once more per pool connection.
    const ownBackend = (client as pg.PoolClient & { readonly processID: number | null })
      .processID;
    // Without a backend id (a driver that does not report one) it passes on everything, so its
    // own changes still arrive before the call that made them returns.
    client.on('notification', (m: pg.Notification) => {
      if (ownBackend === null || m.processId === ownBackend) hear(m);
    });
    // Queued before the statement the client was taken for; a failure shows on that statement.
    client.query(`LISTEN ${channel}`).catch(() => undefined);
  };
  pool.on('acquire', onAcquire);

  connect();
  let closing: Promise<void> | undefined;
  return {
    get listening() {
      return listening;
    },
    close: () =>
      (closing ??= (async () => {
        closed = true;
        clearInterval(heartbeat);
        if (retry) clearTimeout(retry);
        pool.off('acquire', onAcquire);
        const client = current;
        current = undefined;
        if (listening) {
          listening = false;
          sink.listening(false);
        }
        await client?.end().catch(() => undefined);
      })()),
  };
}
