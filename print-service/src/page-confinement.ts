import type { HTTPRequest, Page } from 'puppeteer-core';

/**
 * What a print tab may load: the print page and its assets from the service's own
 * origin, and inlined data: / blob: images. Anything else a payload might name (another origin, the
 * cloud's metadata service at 169.254.169.254, the API on localhost) is refused before Chromium
 * sends it, so a stored string cannot make the print service fetch an address of its choice.
 * `extraOrigins` are further origins a test page may call (none in production).
 */
export function mayLoad(
  url: string,
  pageUrl: string,
  extraOrigins: readonly string[] = [],
): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    const origin = new URL(url).origin;
    return (
      origin === new URL(pageUrl).origin ||
      extraOrigins.some((o) => {
        try {
          return new URL(o).origin === origin;
        } catch {
          return false;
        }
      })
    );
  } catch {
    return false;
  }
}

/** The part of a puppeteer Page the confinement uses (a fake one in unit tests). */
export type ConfinablePage = Pick<Page, 'setRequestInterception'> & {
  on(event: 'request', handler: (request: HTTPRequest) => void): unknown;
};

/** Turns on request interception for a tab: allowed requests continue, the rest are aborted. */
export async function confinePage(
  page: ConfinablePage,
  allowed: (url: string) => boolean,
): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const decision = allowed(request.url()) ? request.continue() : request.abort('blockedbyclient');
    // A request of a closed tab cannot be resolved any more: nothing to do about it.
    decision.catch(() => undefined);
  });
}
