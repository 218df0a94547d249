import type { PrintPayload } from '@dpms/core';

/** What printing answered: the PDF, or the status and message to pass on to the caller. */
export type PrintOutcome =
  | { readonly ok: true; readonly pdf: Uint8Array }
  | { readonly ok: false; readonly status: number; readonly message: string };

/** The print service as the API sees it: a payload in, A4 PDF bytes out. */
export interface PrintClient {
  render(payload: PrintPayload): Promise<PrintOutcome>;
}
