import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { printMessages } from './messages.js';
import { checkPrintPayload } from './payload-check.js';
import { PrintError } from './print-errors.js';
import type { PrintPool } from './print-pool.js';

export interface PrintAppOptions {
  readonly pool: PrintPool;
  /** The built web: the print page and its assets, served to the browser's tabs. */
  readonly webDir: string;
  readonly bodyLimitBytes: number;
}

const mib = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

const fail = (res: Response, status: number, msg: string, extra: object = {}) =>
  res.status(status).json({ code: status, msg, ...extra });

/**
 * The print service's HTTP surface: `POST /render` (a PrintPayload as JSON → A4 PDF bytes),
 * `GET /health`, and the web's print page with its assets for the browser's own tabs. Errors use
 * the project's envelope with the real status: 400, 413, 429, 500, 503.
 */
export function createPrintApp(options: PrintAppOptions): Express {
  const { pool } = options;
  const app = express();
  app.disable('x-powered-by');

  app.get('/health', (_req, res) => {
    const status = pool.status();
    const ok = status.state === 'ready';
    res.status(ok ? 200 : 503).json({
      code: ok ? 200 : 503,
      msg: ok ? '正常' : (status.message ?? printMessages.starting),
      data: status,
    });
  });

  app.post(
    '/render',
    express.json({ limit: options.bodyLimitBytes, type: () => true }),
    async (req: Request, res: Response) => {
      const checked = checkPrintPayload(req.body);
      if (!checked.ok) return fail(res, 400, checked.message);
      const pdf = await pool.render(checked.payload);
      res.set('Content-Type', 'application/pdf');
      res.set('Content-Length', String(pdf.byteLength));
      res.set('Cache-Control', 'no-store');
      res.end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.use(express.static(options.webDir, { index: false, maxAge: '1h' }));

  app.use((_req, res) => fail(res, 404, printMessages.notFound));

  app.use((e: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (e instanceof PrintError) {
      const status = pool.status();
      return fail(res, e.status, e.message, {
        error: e.code,
        ...(e.code === 'PRINT.UNAVAILABLE' && status.missingPackages
          ? { missingPackages: status.missingPackages }
          : {}),
      });
    }
    const type = (e as { type?: string } | null)?.type;
    if (type === 'entity.too.large')
      return fail(res, 413, printMessages.tooLarge(mib(options.bodyLimitBytes)));
    if (type === 'entity.parse.failed') return fail(res, 400, printMessages.badJson);
    console.error(e);
    return fail(res, 500, printMessages.internal);
  });
  return app;
}
