/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/shell.js';

/**
 * 全局搜索 in the top bar, as two people use it: what each finds follows what they may see, and
 * a hit opens its record's own detail.
 */
describe('全局搜索 in the top bar', () => {
  const session = useBrowser();

  it("finds 经营部's contracts and filings by a name fragment and opens the chosen contract", async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    const box = page.getByTestId('top-search').getByRole('combobox');
    await box.fill('滨江');
    const results = page.getByTestId('top-search-results');
    const contracts = results.getByRole('group', { name: '合同' });
    await contracts.getByRole('option').first().waitFor();
    await results.getByRole('group', { name: '项目立项' }).getByRole('option').first().waitFor();
    // Every contract hit holds the keyword in its name, number or party, and names its number.
    const hits = await contracts.getByRole('option').allTextContents();
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit).toContain('滨江');
    const [name] = (await contracts.getByRole('option').first().innerText()).split('\n');
    // The first hit is the one Enter opens.
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('contract-detail');
    await detail.getByText(name!.trim(), { exact: true }).waitFor();
  });

  it('finds nothing of the contracts for an employee who may see none of them', async () => {
    const { page } = session();
    await signIn(page, 'yuangong');
    const box = page.getByTestId('top-search').getByRole('combobox');
    await box.fill('滨江');
    await page.getByTestId('top-search-results').getByText('未找到匹配项').waitFor();
    expect(await page.getByTestId('top-search-hit').count()).toBe(0);
  });
});
