import type { Frame, Page, Request } from 'playwright-core';

/** Every demo account signs in with this password (adapters/sql seed). */
export const DEMO_PASSWORD = 'admin123';

/** Signs in through the login form and waits for the welcome page. */
/**
 * What a test's own calls send so an error answers its real HTTP status (@dpms/wire's
 * STATUS_HEADER; without it the API answers HTTP 200 with the code in the body, as RuoYi's UI reads).
 */
export const REAL_STATUS = { 'X-DPMS-Status': 'http' } as const;

export async function signIn(
  page: Page,
  username: string,
  roleName?: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-username').waitFor();
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  if (roleName) await page.locator('#login-role').selectOption({ label: roleName });
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/welcome/welcome');
  await page.getByTestId('user-label').waitFor();
}

/** A token for API calls made by the test itself (seeding data). */
export async function apiToken(
  baseURL: string,
  username = 'admin',
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await fetch(`${baseURL}/prod-api/login`, {
    method: 'POST',
    headers: { ...REAL_STATUS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: number; token?: string; msg?: string };
  if (body.code !== 200 || !body.token) throw new Error(`login failed: ${body.msg ?? res.status}`);
  return body.token;
}

export async function api<T = Record<string, unknown>>(
  baseURL: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL}/prod-api${url}`, {
    method,
    headers: {
      ...REAL_STATUS,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

/** Opens a sidebar menu path, e.g. ['系统管理', '用户管理']. */
export async function openMenu(page: Page, ...titles: string[]): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  for (const [i, title] of titles.entries()) {
    const item = sidebar.locator(`[data-menu="${title}"]`).first();
    if (i < titles.length - 1) {
      const button = item.locator(':scope > button');
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    } else {
      await item.locator(':scope > a').click();
    }
  }
}

/**
 * Waits out the guard's reload: a user sent to /login without a token gets a page reload 500 ms
 * later (000 §2), so a test acts only once that has happened. Settled is a document that has
 * shown the login form for a second: the guard's timer starts before the form shows, so a
 * reload still to come would have destroyed that document by then. Keyed to the document, not
 * to the moment the address changed, so a slow render on a loaded machine does not eat the margin.
 */
export async function settleOnLogin(page: Page): Promise<void> {
  await page.waitForURL(/\/login/);
  // A reload asked for but not yet in place: the old document still answers until the new one
  // commits, so "shown for a second" alone could pass on a page about to go.
  let leaving = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) leaving = true;
  };
  const onCommitted = (frame: Frame) => {
    if (frame === page.mainFrame()) leaving = false;
  };
  page.on('request', onRequest);
  page.on('framenavigated', onCommitted);
  try {
    for (;;) {
      try {
        await page.locator('#login-username').waitFor();
        const shownFor = await page.evaluate(() => {
          const w = window as { loginFormSeenAt?: number };
          w.loginFormSeenAt ??= performance.now();
          return performance.now() - w.loginFormSeenAt;
        });
        if (shownFor >= 1000 && !leaving) return;
        await page.waitForTimeout(Math.max(100, 1000 - shownFor));
      } catch (e) {
        // The reload came while we looked: look again in the new document.
        if (!/context was destroyed|navigat/i.test(String(e))) throw e;
      }
    }
  } finally {
    page.off('request', onRequest);
    page.off('framenavigated', onCommitted);
  }
}

/**
 * Counts the page's requests from now on; `settled()` waits until none has been open for
 * `quietMs`. Unlike `waitForLoadState('networkidle')`, which is reached once per document, this
 * also waits for what the app loads after navigating within the page (the sign-in does: the
 * welcome page's loads run in the login page's document).
 */
export function trackRequests(page: Page): { settled(quietMs?: number): Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return {
    async settled(quietMs = 500) {
      let quietSince = Date.now();
      for (;;) {
        if (open.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await page.waitForTimeout(50);
      }
    },
  };
}
