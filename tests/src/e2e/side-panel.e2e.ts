/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/shell.js';

const groups = (page: Page) =>
  page
    .getByTestId('side-panel')
    .locator('[data-group]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-group')));

describe('contract summary side panel', () => {
  const session = useBrowser();

  it('shows the pending-signing group to xs_jybfzr only', async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    expect(await groups(page)).toEqual(['unEffective', 'stay', 'decl']);
  });

  it('hides it from a project manager', async () => {
    const { page } = session();
    await signIn(page, 'xmjl2');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    expect(await groups(page)).toEqual(['unEffective', 'decl']);
  });

  it('ignores clicks for 300 ms after each toggle', async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    const handle = page.getByTestId('side-panel-handle');
    const panel = page.getByTestId('side-panel');
    await handle.evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
    expect(await panel.getAttribute('data-open')).toBe('true');
    await page.waitForTimeout(350);
    await handle.click();
    expect(await panel.getAttribute('data-open')).toBe('false');
  });

  it('details store the contract type and the refresh flag, then open the list', async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    await page.locator('[data-group="stay"]').getByRole('button', { name: '详情' }).click();
    await page.waitForURL('**/project/unSignList');
    expect(await page.evaluate(() => sessionStorage.getItem('contractType'))).toBe('unSign');
    await page.getByTestId('contract-type').waitFor();
    await page.goto('/project/main');
    await page.waitForTimeout(400);
    await page.getByTestId('side-panel-handle').click();
    await page.locator('[data-group="decl"]').getByRole('button', { name: '详情' }).click();
    await page.waitForURL('**/project/approveList');
    expect(await page.evaluate(() => sessionStorage.getItem('contractType'))).toBe('approval');
  });
});
