/**
 * Expected failures of a print job, each with the HTTP status the service answers and a Chinese
 * message a person can act on. Codes, not classes, cross the process line: the API reads `code`.
 */
export type PrintErrorCode =
  | 'PRINT.UNAVAILABLE'
  | 'PRINT.STARTING'
  | 'PRINT.STOPPING'
  | 'PRINT.QUEUE_FULL'
  | 'PRINT.TIMEOUT'
  | 'PRINT.RENDER_FAILED'
  | 'PRINT.BROWSER_CRASHED';

const STATUS: Readonly<Record<PrintErrorCode, number>> = {
  'PRINT.UNAVAILABLE': 503,
  'PRINT.STARTING': 503,
  'PRINT.STOPPING': 503,
  'PRINT.QUEUE_FULL': 429,
  'PRINT.TIMEOUT': 503,
  'PRINT.RENDER_FAILED': 500,
  'PRINT.BROWSER_CRASHED': 503,
};

export class PrintError extends Error {
  readonly status: number;
  constructor(
    readonly code: PrintErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PrintError';
    this.status = STATUS[code];
  }
}
