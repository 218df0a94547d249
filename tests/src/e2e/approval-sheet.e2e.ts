/// <reference lib="dom" />
import { displayAmount } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { openApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * Approvers never sign a blank form: the department head opens a loan agreement (10_1) from
 * 待我审批 and reads the amount in 万元 with the loan limit, and the current node names who holds
 * it (the head himself, by name, not by id).
 */
const stamp = Date.now();
// An amount no other test uses: the approval's title names it.
const loanAmount = `0.${String(100_000 + (stamp % 800_000)).slice(0, 5)}3`;
const loanTitle = `借款协议-建筑一所-${loanAmount}万元`;

describe('the loan agreement sheet an approver reads', () => {
  const session = useBrowser();

  it('shows the amount, the limit and the waiting node holder by name', async () => {
    const { page, baseURL } = session();
    page.setDefaultTimeout(0);
    const xmjl = await apiToken(baseURL, 'xmjl');
    const loan = await api<{ code: number; data: { loanId: number } }>(
      baseURL,
      xmjl,
      'POST',
      '/contract/loan/add',
      { loanDeptId: 110, loanAmount, refundDate: '2026-12-31', reason: '审批单浏览器测试' },
    );
    expect(loan.code).toBe(200);
    const sent = await api<{ code: number }>(
      baseURL,
      xmjl,
      'POST',
      '/contract/loan/updateToApproval',
      {
        loanId: loan.data.loanId,
      },
    );
    expect(sent.code).toBe(200);
    const head = await api<{ user: { nickName: string } }>(
      baseURL,
      await apiToken(baseURL, 'bmfzr'),
      'GET',
      '/getInfo',
    );

    await signInQuietly(page, 'bmfzr');
    await openMenu(page, '审批管理', '待我审批');
    const detail = await openApproval(page, 'todo', loanTitle);
    const sheet = detail.getByTestId('approval-sheet');
    await sheet.waitFor();
    expect(await sheet.getAttribute('data-source')).toBe('record');
    const amount = sheet.locator('[data-figure="loanAmount"]');
    expect(await amount.locator('th').textContent()).toBe('借款金额（万元）');
    // As people read it: grouped, at most four decimals (the stored six stay on the record).
    expect(await amount.locator('td').textContent()).toBe(displayAmount(loanAmount));
    expect(await sheet.locator('[data-figure="loanLimit"] th').textContent()).toBe(
      '借款额度（万元）',
    );
    expect(await sheet.locator('[data-figure="borrowableAfter"] td').textContent()).toMatch(
      /^-?\d{1,3}(,\d{3})*(\.\d+)?$/,
    );

    const current = detail.getByTestId('waiting-node').first();
    const line = (await current.textContent()) ?? '';
    expect(line).toContain('部门负责人');
    expect(line).toContain(head.user.nickName);
  });
});
