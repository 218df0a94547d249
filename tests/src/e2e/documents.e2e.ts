/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { amountInWords, normalizeAmountInput } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

const XMJL = 3;
const SJZC = 4;

/**
 * A formal contract with one design task of the 施工图设计 stage (design_stage 3) managed by
 * xmjl: what the document screen's project and stage lists offer him.
 */
async function contractWithTask(baseURL: string): Promise<{ contractId: number }> {
  const admin = await apiToken(baseURL, 'admin');
  const contract = await api<Answer<{ contractId: number }>>(
    baseURL,
    admin,
    'POST',
    '/project/contract/addHistory',
    {
      projectName: '滨江花园二期',
      contractName: '滨江花园二期设计合同',
      entrustBusinessName: '杭州滨江城建',
      bizSource: '1',
      bizType: '3',
      totalAmount: '320',
      cleanAmount: '300',
      signByMain: '杭州滨江城建',
      signBySub: '华东示范建筑设计研究院有限公司',
      signDate: '2026-03-01',
    },
  );
  expect(contract.code, contract.msg).toBe(200);
  const task = await api<Answer>(baseURL, admin, 'POST', '/v4/design-task/add', {
    contractId: contract.data.contractId,
    taskNo: '',
    taskName: '效果图制作',
    subItemName: '一期住宅',
    taskResultName: '效果图',
    designStageId: '3',
    qualityType: 0,
    designUserId: SJZC,
    projectManagerId: XMJL,
    planFinishDate: '2026-12-31',
    remark: '',
    taskAmount: '10',
    majorIds: [],
    deptId: 110,
  });
  expect(task.code, task.msg).toBe(200);
  return { contractId: contract.data.contractId };
}

describe('contract documents', () => {
  const session = useBrowser();

  it('a project manager fills a type 7 contract: the deliverable comes from the task, the words follow the amount, it is saved and submitted', async () => {
    const { page, baseURL } = session();
    const { contractId } = await contractWithTask(baseURL);

    // xmjl has urgent tasks in the demo data; he closed their dialog earlier in this session.
    await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
    await signIn(page, 'xmjl');
    await openMenu(page, '项目管理', '合同文本');
    await page.getByTestId('new-document').click();
    await page.getByRole('menuitem', { name: '图文制作合同' }).click();
    await page.waitForURL('**/project/documentEdit?type=7');
    const doc = page.getByTestId('contract-document');
    await doc.waitFor();

    // Party A arrives from the company settings.
    await expect
      .poll(() => doc.locator('[data-field="signBySub"]').textContent())
      .toBe('华东示范建筑设计研究院有限公司');

    const project = doc.getByLabel('项目名称', { exact: true });
    await expect.poll(() => project.locator('option').allTextContents()).toContain('滨江花园二期');
    await project.selectOption({ label: '滨江花园二期' });
    await expect(doc.locator('[data-field="contractName"]').textContent()).resolves.toBe(
      '滨江花园二期图文制作合同',
    );
    const stage = doc.getByLabel('设计阶段', { exact: true });
    const stageValue = await stage
      .locator('option')
      .filter({ hasText: '施工图设计' })
      .first()
      .getAttribute('value');
    await stage.selectOption(stageValue ?? '');
    await expect(doc.getByLabel('成果内容', { exact: true }).inputValue()).resolves.toBe(
      '施工图蓝图及电子文件',
    );

    await doc.getByLabel('制作类型', { exact: true }).selectOption('效果图');
    await doc.getByLabel('数量', { exact: true }).fill('12');
    await doc.getByLabel('乙方', { exact: true }).fill('杭州图文快印有限公司');
    await doc.getByLabel('乙方电话', { exact: true }).fill('13800000000');

    // The words follow the amount keystroke by keystroke; an extra decimal is refused.
    const amount = doc.getByLabel('合同金额（万元）', { exact: true });
    const words = doc.locator('[data-field="upValue"]');
    let typed = '';
    for (const key of '12.34567') {
      await amount.press(key);
      typed = normalizeAmountInput(typed + key, 7, 'totalAmount');
      await expect.poll(() => amount.inputValue()).toBe(typed);
      expect(await words.textContent()).toBe(amountInWords(typed) || '\u00a0');
    }
    expect(await words.textContent()).toBe('壹拾贰万叁仟肆佰伍拾陆元整');

    await doc.getByLabel('签订日期', { exact: true }).fill('2026-11-20');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL(/documentEdit\?documentId=\d+$/);
    await expect.poll(() => page.getByTestId('document-status').textContent()).toBe('待提交');
    const documentId = Number(new URL(page.url()).searchParams.get('documentId'));

    await page.getByRole('button', { name: '提交审批', exact: true }).click();
    await expect.poll(() => page.getByTestId('document-status').textContent()).toBe('审批中');
    // Submitted: the document is locked on screen.
    expect(await doc.locator('input, select, textarea').count()).toBe(0);

    const token = await apiToken(baseURL, 'xmjl');
    const stored = await api<Answer<Record<string, unknown>>>(
      baseURL,
      token,
      'GET',
      `/v4/contract-document/detailById?documentId=${documentId}`,
    );
    expect(stored.data).toMatchObject({
      docType: 7,
      contractId: String(contractId),
      contractName: '滨江花园二期图文制作合同',
      projectResultContent: '施工图蓝图及电子文件',
      totalAmount: '12.3456',
      upValue: '壹拾贰万叁仟肆佰伍拾陆元整',
      status: 0,
    });
    expect(stored.data['approvalId']).toEqual(expect.any(String));
  });
});
