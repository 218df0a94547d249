import type { PrintPayload } from '@dpms/core';
import type { PrintClient, PrintOutcome } from './print-client.port.js';
import { PRINT_MESSAGES } from './print-messages.js';

/** Where the print service listens unless PRINT_SERVICE_URL says otherwise. */
export const DEFAULT_PRINT_SERVICE_URL = 'http://127.0.0.1:8090';

export const printServiceUrlFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  (env['PRINT_SERVICE_URL'] || DEFAULT_PRINT_SERVICE_URL).replace(/\/+$/, '');

/**
 * The print service over HTTP (`POST /render`). A service that is down answers 503 with a message
 * a person can act on; its own refusals (413, 429, 503 naming the packages to install) pass
 * through with their status and message.
 */
export class HttpPrintClient implements PrintClient {
  constructor(private readonly baseUrl: string) {}

  async render(payload: PrintPayload): Promise<PrintOutcome> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    } catch {
      return { ok: false, status: 503, message: PRINT_MESSAGES.unreachable(this.baseUrl) };
    }
    if (res.status === 200) return { ok: true, pdf: new Uint8Array(await res.arrayBuffer()) };
    const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
    const message =
      typeof body?.msg === 'string' && body.msg !== ''
        ? body.msg
        : PRINT_MESSAGES.failed(res.status);
    // Whatever the service answered, the API's caller sees a status it can act on.
    const status = [400, 413, 429, 503].includes(res.status) ? res.status : 503;
    return { ok: false, status, message };
  }
}
