import { PRINT_MESSAGES } from './print-messages.js';

/** Whether the print service answers, for 服务监控. */
export interface PrintServiceState {
  readonly state: 'up' | 'down';
  readonly url: string;
  readonly latencyMs: number | null;
  readonly message: string;
}

export interface PrintHealth {
  check(): Promise<PrintServiceState>;
}

/** How long 服务监控 waits for the print service's /health before calling it down. */
export const PRINT_HEALTH_TIMEOUT_MS = 2000;

/**
 * The print service's `GET /health` over HTTP: up when it answers 200, down when it answers
 * anything else (503 while its browser starts, with its message) or nothing in time.
 */
export class HttpPrintHealth implements PrintHealth {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = PRINT_HEALTH_TIMEOUT_MS,
  ) {}

  async check(): Promise<PrintServiceState> {
    const started = performance.now();
    try {
      const res = await fetch(`${this.baseUrl}/health`, {
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const latencyMs = Math.round(performance.now() - started);
      const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
      const msg = typeof body?.msg === 'string' ? body.msg : '';
      return res.status === 200
        ? { state: 'up', url: this.baseUrl, latencyMs, message: msg || '正常' }
        : {
            state: 'down',
            url: this.baseUrl,
            latencyMs,
            message: msg || PRINT_MESSAGES.failed(res.status),
          };
    } catch {
      return {
        state: 'down',
        url: this.baseUrl,
        latencyMs: null,
        message: PRINT_MESSAGES.unreachable(this.baseUrl),
      };
    }
  }
}
