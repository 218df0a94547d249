/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInQuietly } from '../support/approval.js';
import { DESKTOP, useBrowser } from '../support/browser.js';
import { openMenu } from '../support/shell.js';

/**
 * The product owner's check (hard-to-read lists): at 1366×768 every list row is one line high,
 * its actions one line with the rest behind 更多, and the 操作 cell is not cut off at the right.
 */
const LISTS: readonly (readonly string[])[] = [
  ['项目管理', '未签合同'],
  ['资金管理', '回款管理'],
  ['资金管理', '资金计划'],
  ['项目管理', '结算结案'],
  ['项目管理', '设计任务'],
  ['项目管理', '合同列表'],
  ['资金管理', '借款管理'],
  ['系统管理', '部门管理'],
  ['系统管理', '菜单管理'],
  ['系统管理', '角色管理'],
];

/** One line of text in a row: the small buttons are 28 px, the cell's padding the rest. */
const ONE_LINE_PX = 48;

interface Measured {
  readonly text: string;
  readonly height: number;
  readonly actions: boolean;
  readonly inside: boolean;
}

/** Opens each list and measures its rows: height, and whether the 操作 cell is in view. */
async function measureLists(page: Page): Promise<Map<string, Measured[]>> {
  const lists = new Map<string, Measured[]>();
  const shown = page.locator('main [data-row]').filter({ visible: true });
  for (const menu of LISTS) {
    const before = await shown
      .first()
      .elementHandle({ timeout: 1 })
      .catch(() => null);
    await openMenu(page, ...menu);
    // The list before stays mounted behind its tab: wait for it to go out of sight.
    await before?.waitForElementState('hidden');
    const rows = shown;
    await rows.first().waitFor();
    // The first rows can be a moment's placeholder before the list's own answer.
    await page.waitForLoadState('networkidle');
    await rows.first().waitFor();
    const measure = () =>
      rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const cell = tr.querySelector('[data-row-actions]')?.closest('td, [role="cell"]');
          // The box the table is seen through: its nearest horizontally clipping ancestor.
          let frame: Element | null = tr.parentElement;
          while (frame && !/(auto|scroll|hidden)/.test(getComputedStyle(frame).overflowX))
            frame = frame.parentElement;
          const seen = frame?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
          const box = cell?.getBoundingClientRect();
          return {
            text: (tr.textContent ?? '').slice(0, 40),
            height: tr.getBoundingClientRect().height,
            actions: !!box,
            inside:
              !box ||
              (box.left >= Math.max(0, seen.left) - 1 &&
                box.right <= Math.min(window.innerWidth, seen.right) + 1),
          };
        }),
      );
    // A list can draw its rows again (its own answer after a placeholder, a chart's refresh):
    // measure once rows are there.
    let measured = await measure();
    for (let i = 0; i < 5 && measured.length === 0; i += 1) {
      await rows.first().waitFor();
      measured = await measure();
    }
    const where = menu.join(' / ');
    expect(measured.length, where).toBeGreaterThan(0);
    expect(
      measured.some((r) => r.actions),
      `${where}: a 操作 column`,
    ).toBe(true);
    lists.set(where, measured);
  }
  return lists;
}

describe('list rows at 1366×768', () => {
  const session = useBrowser(DESKTOP);

  it('every row is one line high, its actions on one line', async () => {
    const { page } = session();
    await signInQuietly(page, 'admin');
    for (const [where, rows] of await measureLists(page))
      for (const row of rows)
        expect(row.height, `${where}: ${row.text}`).toBeLessThanOrEqual(ONE_LINE_PX);
  });

  it("every row's 操作 cell is inside the table, not cut off at its right edge", async () => {
    const { page } = session();
    await signInQuietly(page, 'admin');
    for (const [where, rows] of await measureLists(page))
      for (const row of rows) expect(row.inside, `${where}: 操作 of ${row.text}`).toBe(true);
  });
});
