import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Logger } from 'pino';

/** The part of `process` the guard listens on (a test passes an emitter). */
export type GuardedProcess = Pick<NodeJS.EventEmitter, 'on' | 'off'> & {
  readonly connected?: boolean;
};

export interface ProcessGuardOptions {
  readonly target?: GuardedProcess;
  readonly exit?: (code: number) => void;
  /** Asks the server to stop cleanly (SIGTERM to itself, which main's shutdown handlers take). */
  readonly stop?: () => void;
}

/** Published by Node's HTTP server for every request it takes. */
const REQUEST_CHANNEL = 'http.server.request.start';

/**
 * What the server process does with an error nobody caught, and when its supervisor goes away.
 *
 * - An unhandled rejection is logged and the server keeps serving. The promise has already
 *   unwound, leaving no half-run synchronous code behind, and a request that awaited it was
 *   answered by the error middleware.
 * - An uncaught exception is logged. Once the server has taken its first request, it keeps
 *   serving. In this server such an exception comes from the I/O callback or stream of one
 *   request (an `error` event nobody listened to, a throw in a socket callback), and the
 *   damage stays with that request. Shared state (the database pool, the stores) reports
 *   through promises. Exiting instead would let any signed-in user restart the server at will
 *   and drop everyone's uploads and approvals in flight. The supervisor is still there for what
 *   does end the process (out of memory, a native crash). Before the first request, the
 *   process is still starting (or idle since), so an uncaught exception means start-up went
 *   wrong and the process exits with code 1. The supervisor then tries again, or gives up, and
 *   a server that never listened cannot sit there looking alive.
 * - Forked by the supervisor (an IPC channel), the server stops cleanly when that channel
 *   closes: a supervisor killed outright must not leave an orphan holding the port.
 *
 * Returns a function that removes the handlers.
 */
export function installProcessGuard(logger: Logger, options: ProcessGuardOptions = {}): () => void {
  const target: GuardedProcess = options.target ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const stop = options.stop ?? (() => process.kill(process.pid, 'SIGTERM'));

  let serving = false;
  const onRequest = () => {
    if (serving) return;
    serving = true;
    // Not in the middle of Node's publish, which would skip the next subscriber.
    setImmediate(() => unsubscribe(REQUEST_CHANNEL, onRequest));
  };
  subscribe(REQUEST_CHANNEL, onRequest);

  const onRejection = (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection; the server keeps serving');
  };
  const onException = (error: Error) => {
    if (serving) {
      logger.error({ err: error }, 'uncaught exception; the server keeps serving');
      return;
    }
    logger.fatal({ err: error }, 'uncaught exception while starting; exiting');
    exit(1);
  };
  const onDisconnect = () => {
    logger.warn('the supervisor is gone; stopping');
    stop();
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  const supervised = target.connected === true;
  if (supervised) target.on('disconnect', onDisconnect);
  return () => {
    unsubscribe(REQUEST_CHANNEL, onRequest);
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
    if (supervised) target.off('disconnect', onDisconnect);
  };
}
