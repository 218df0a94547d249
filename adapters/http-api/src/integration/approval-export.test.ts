/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ACTION_LABELS, wallClockAt, type ApprovalActionType } from '@dpms/core';
import { contract, useApprovalApi } from '../test-support/approval-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { openXlsx } from '../test-support/xlsx-answer.js';
import { expectCell, expectCellKind, rowsOf } from './exports-cells.check.js';

const ZONE = 'Asia/Shanghai';

/**
 * The approval export is the sheet the screen shows, for finance to file and total: the same
 * labelled figures (amounts as numbers with a number format, days as dates) and every action of
 * every round of the history, each at its time on the institute's clock as an Excel date.
 */
describe.each(testDatabaseKinds())('the approval export on %s', (kind) => {
  const { process, create, detail, client } = useApprovalApi(kind);

  const workbookOf = (user: string, approvalId: string) =>
    openXlsx(client.get(user, '/project/approval/export', { approvalId }), 'approval export');
  /** The row of the 审批单 sheet whose 项目 column is `label`. */
  const rowOf = (ws: ExcelJS.Worksheet, label: string): ExcelJS.Row => {
    let found: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(2).value === label) found = row;
    });
    if (found === undefined) throw new Error(`no row ${label}`);
    return found;
  };
  /** An instant's wall clock in the institute's zone, as the Excel date the export writes. */
  const wallClockDate = (iso: string) => {
    const w = wallClockAt(new Date(iso), ZONE);
    return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
  };

  it('holds every round, amounts as numbers and dates as dates of the institute', async () => {
    const sent = await create('yuangong', '/project/approval/addContractTemplate', {
      ...contract('150.5'),
      content: { ...contract('150.5').content, signTime: { value: '2026-06-01' } },
      submit: true,
    });
    const rejected = await process('bmfzr2', sent.approvalId, sent.version, 'reject', {
      opinion: '金额待核',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const resent = await client.post('yuangong', '/project/approval/updateContractTemplate', {
      serviceId: sent.approvalId,
      version: rejected.body.data.version,
      content: {
        ...contract('1234.5678').content,
        signTime: { value: '2026-06-01' },
      },
      submit: true,
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const approved = await process('bmfzr2', sent.approvalId, resent.body.data.version, 'approve', {
      opinion: '同意',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const d = await detail('yuangong', sent.approvalId);
    const log = d.log as unknown as { action: string; round: number; createTime: string }[];
    expect(new Set(log.map((e) => e.round))).toEqual(new Set([1, 2]));

    const wb = await workbookOf('yuangong', sent.approvalId);
    const sheet = wb.getWorksheet('审批单');
    if (sheet === undefined) throw new Error('no 审批单 sheet');
    // The sheet's figures, the amount as the number it is, with the number format.
    expectCell(rowOf(sheet, '合同金额（万元）').getCell(3), { money: 1234.5678 }, '合同金额');
    expectCell(rowOf(sheet, '签订日期').getCell(3), { date: '2026-06-01' }, '签订日期');
    expectCell(rowOf(sheet, '甲方').getCell(3), { text: '某开发公司' }, '甲方');
    expectCellKind(rowOf(sheet, '提交时间').getCell(3), 'instant', '提交时间');

    // Every action of every round, oldest first, each at its wall-clock time as a date.
    const history = wb.getWorksheet('审批记录');
    if (history === undefined) throw new Error('no 审批记录 sheet');
    const rows = rowsOf(history);
    expect(rows.map((r) => r.getCell(1).value)).toEqual(log.map((e) => e.round));
    expect(rows.map((r) => r.getCell(5).value)).toEqual(
      log.map((e) => APPROVAL_ACTION_LABELS[e.action as ApprovalActionType] ?? e.action),
    );
    rows.forEach((r, i) => {
      expectCellKind(r.getCell(2), 'instant', `审批记录 ${i + 1}`);
      expect(r.getCell(2).value).toEqual(wallClockDate(log[i]!.createTime));
    });
    const reject = rows.find((r) => r.getCell(1).value === 1 && r.getCell(6).value === '金额待核');
    expect(reject).toBeDefined();
    expect(rows.filter((r) => r.getCell(1).value === 2).length).toBeGreaterThanOrEqual(2);
  });
});
