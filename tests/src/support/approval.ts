/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { api, apiToken, openMenu, signIn } from './shell.js';

/**
 * Signs `user` in with the urgent-task dialog kept closed (its own test is in notify.e2e.ts),
 * ending the session of whoever used the page before.
 */
export async function signInQuietly(page: Page, user: string): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
  if (page.url().startsWith('http'))
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  await signIn(page, user);
}

interface TodoRow {
  approvalId: string;
  title: string;
  version: number;
}

/** Whether `title` waits in `user`'s 待我审批 list (asked of the API, to pick the next signer). */
export async function awaitsSignature(
  baseURL: string,
  user: string,
  title: string,
): Promise<boolean> {
  const token = await apiToken(baseURL, user);
  const res = await api<{ rows?: TodoRow[] }>(
    baseURL,
    token,
    'GET',
    `/project/approval/getAllNeedApprovalList?pageNum=1&pageSize=100&title=${encodeURIComponent(title)}`,
  );
  return (res.rows ?? []).some((r) => r.title === title);
}

/**
 * Opens `title` from the approval list on screen (`todo` 待我审批, `mine` 我发起的) and resolves
 * with its detail once the detail shows its version.
 */
export async function openApproval(
  page: Page,
  list: 'todo' | 'mine',
  title: string,
): Promise<Locator> {
  const row = page.getByTestId(`approval-list-${list}`).locator('tr[data-row]', { hasText: title });
  await row.first().getByTestId('open-approval').click();
  const detail = page.getByTestId('approval-detail');
  await detail.locator('[data-version]').waitFor();
  return detail;
}

/**
 * Signs in as `user`, opens 待我审批, opens `title` and acts on it with `opinion` in the approval
 * detail, as approval-flow.e2e.ts does; resolves once the detail shows the next version.
 */
export async function signApproval(
  page: Page,
  user: string,
  title: string,
  opinion = '同意',
  action: '同意' | '驳回' = '同意',
): Promise<Locator> {
  await signInQuietly(page, user);
  await openMenu(page, '审批管理', '待我审批');
  const detail = await openApproval(page, 'todo', title);
  const version = Number(await detail.locator('[data-version]').getAttribute('data-version'));
  await detail.getByLabel('审批意见').fill(opinion);
  await detail.getByRole('button', { name: action, exact: true }).click();
  if (action === '驳回') await page.getByRole('button', { name: '确定' }).click();
  await page.getByText(`${action}成功`).first().waitFor();
  await page.waitForFunction(
    (v) =>
      Number(
        document
          .querySelector('[data-testid="approval-detail"] [data-version]')
          ?.getAttribute('data-version'),
      ) > v,
    version,
  );
  return detail;
}
