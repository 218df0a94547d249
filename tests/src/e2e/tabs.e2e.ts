/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

const tabTitles = (page: Page) =>
  page
    .locator('[role="tablist"] [data-tab]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

/** Opens a page from the menu and waits for its address and for its tab in the strip. */
async function visit(page: Page, menu: string, url: string) {
  await openMenu(page, '系统管理', menu);
  await page.waitForURL(url);
  await page.locator(`[role="tablist"] [data-tab="${menu}"]`).waitFor();
}

async function openThree(page: Page) {
  await signIn(page, 'admin');
  await visit(page, '用户管理', '**/system/user');
  await visit(page, '部门管理', '**/system/dept');
  await visit(page, '参数设置', '**/system/config');
}

describe('tab strip', () => {
  const session = useBrowser();

  it('keeps the welcome tab fixed and adds a tab per visited page', async () => {
    const { page } = session();
    await openThree(page);
    expect(await tabTitles(page)).toEqual(['欢迎', '用户管理', '部门管理', '参数设置']);
    expect(await page.locator('[data-tab="欢迎"] button').count()).toBe(0);
    expect(await page.locator('[data-tab="用户管理"] button').count()).toBe(1);
  });

  it('closes a tab with a middle click and with its close icon', async () => {
    const { page } = session();
    await openThree(page);
    await page.locator('[data-tab="部门管理"]').click({ button: 'middle' });
    expect(await tabTitles(page)).toEqual(['欢迎', '用户管理', '参数设置']);
    await page.locator('[data-tab="欢迎"]').click({ button: 'middle' });
    expect(await tabTitles(page)).toContain('欢迎');
    await page.getByRole('button', { name: '关闭 参数设置' }).click();
    await page.waitForURL('**/system/user');
    expect(await tabTitles(page)).toEqual(['欢迎', '用户管理']);
  });

  it('offers the context menu without 关闭当前 on the fixed tab', async () => {
    const { page } = session();
    await openThree(page);
    await page.locator('[data-tab="欢迎"]').click({ button: 'right' });
    const menu = page.getByTestId('tab-menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '刷新页面',
      '关闭其他',
      '关闭所有',
    ]);
    await page.keyboard.press('Escape');
    await page.locator('[data-tab="部门管理"]').click({ button: 'right' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '刷新页面',
      '关闭当前',
      '关闭其他',
      '关闭所有',
    ]);
  });

  it('关闭其他 keeps the fixed tab and the chosen one; 关闭所有 goes to the last remaining tab', async () => {
    const { page } = session();
    await openThree(page);
    await page.locator('[data-tab="用户管理"]').click({ button: 'right' });
    await page.getByTestId('tab-menu').getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL('**/system/user');
    expect(await tabTitles(page)).toEqual(['欢迎', '用户管理']);
    await page.locator('[data-tab="用户管理"]').click({ button: 'right' });
    await page.getByTestId('tab-menu').getByRole('menuitem', { name: '关闭所有' }).click();
    await page.waitForURL('**/welcome/welcome');
    expect(await tabTitles(page)).toEqual(['欢迎']);
  });

  it('scrolls when the tabs outrun the strip, keeps the active one in view and offers 关闭其他', async () => {
    const { page } = session();
    await page.setViewportSize({ width: 1024, height: 768 });
    await openThree(page);
    const pages = [
      '经营主页',
      '未签合同',
      '立项合同',
      '合同列表',
      '项目立项',
      '分包合同',
      '外委合同',
    ];
    for (const title of pages) {
      await openMenu(page, '项目管理', title);
      await page.locator(`[role="tablist"] [data-tab="${title}"][aria-selected="true"]`).waitFor();
    }
    const strip = page.locator('[role="tablist"][aria-label="已打开的页面"]');
    await strip.and(page.locator('[data-overflowing]')).waitFor();
    // The active (last opened) tab is scrolled into view inside the strip.
    await expect
      .poll(async () => {
        const box = await strip.boundingBox();
        const tab = await page.locator('[data-tab="外委合同"]').boundingBox();
        return (
          box !== null &&
          tab !== null &&
          tab.x >= box.x &&
          tab.x + tab.width <= box.x + box.width + 1
        );
      })
      .toBe(true);
    await page.getByTestId('tab-overflow').click();
    await page.getByTestId('tab-menu').getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['欢迎', '外委合同']);
    await page.locator('[data-overflowing]').waitFor({ state: 'detached' });
  });

  it('closing the active tab goes to the last remaining one', async () => {
    const { page } = session();
    await openThree(page);
    await page.locator('[data-tab="部门管理"]').click();
    await page.waitForURL('**/system/dept');
    await page.locator('[data-tab="部门管理"]').click({ button: 'right' });
    await page.getByTestId('tab-menu').getByRole('menuitem', { name: '关闭当前' }).click();
    await page.waitForURL('**/system/config');
  });

  it('keeps a left view alive, and 刷新页面 recreates it', async () => {
    const { page } = session();
    await openThree(page);
    await page.locator('[data-tab="用户管理"]').click();
    await page.waitForURL('**/system/user');
    const phone = page.locator('[data-view="/system/user"]').getByPlaceholder('请输入手机号码');
    await phone.fill('13800000000');
    await page.locator('[data-tab="参数设置"]').click();
    await page.waitForURL('**/system/config');
    await page.locator('[data-tab="用户管理"]').click();
    await page.waitForURL('**/system/user');
    expect(await phone.inputValue()).toBe('13800000000');
    await page.locator('[data-tab="用户管理"]').click({ button: 'right' });
    await page.getByTestId('tab-menu').getByRole('menuitem', { name: '刷新页面' }).click();
    await page.waitForURL('**/system/user');
    await page.locator('[data-view="/system/user"]').getByPlaceholder('请输入手机号码').waitFor();
    expect(
      await page
        .locator('[data-view="/system/user"]')
        .getByPlaceholder('请输入手机号码')
        .inputValue(),
    ).toBe('');
  });

  it('resets the scroll position on a route change', async () => {
    const { page } = session();
    await openThree(page);
    const main = page.getByTestId('app-main');
    await main.evaluate((el) => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      el.appendChild(filler);
      el.scrollTop = 1500;
    });
    expect(await main.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.locator('[data-tab="用户管理"]').click();
    await page.waitForURL('**/system/user');
    // The reset runs in an effect after the route commits: wait for it rather than race it.
    await expect.poll(() => main.evaluate((el) => el.scrollTop)).toBe(0);
  });
});
