import type { Page } from 'puppeteer-core';
import { PRINT_READY_ATTRIBUTE, PRINT_RENDER_FUNCTION, type PrintPayload } from '@dpms/core';

/**
 * Inside a tab showing the print page: hands the payload to the page's render function, waits for
 * the page to mark itself ready and prints it to A4 PDF bytes.
 */
export async function renderOnPage(page: Page, payload: PrintPayload): Promise<Uint8Array> {
  await page.waitForFunction(
    (fn: string) => typeof (globalThis as unknown as Record<string, unknown>)[fn] === 'function',
    { polling: 'raf', timeout: 0 },
    PRINT_RENDER_FUNCTION,
  );
  await page.evaluate(
    async (fn: string, p: PrintPayload) => {
      const w = globalThis as unknown as Record<string, (p: PrintPayload) => Promise<void>>;
      await w[fn]?.(p);
    },
    PRINT_RENDER_FUNCTION,
    payload,
  );
  // The page marks itself ready; waitForSelector watches the DOM for it, no polling timer.
  await page.waitForSelector(`html[${PRINT_READY_ATTRIBUTE}="1"]`, { timeout: 0 });
  return page.pdf({ format: 'A4', printBackground: true, tagged: false, timeout: 0 });
}
