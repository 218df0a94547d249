/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { addDays, instituteDay } from '@dpms/core';
import { insertArchive } from '@dpms/sql';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  addFormalContract,
  approveToEnd,
  openContractApi,
  rejectNow,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

// Demo institute: zhjy (综合经营部) draws up the formal contracts and borrows the archives; caiwu
// (财务, all data) asks for the invoices. A form from 发起审批 and one from the record's own screen
// must leave the same record behind, under the same rules.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(testDatabaseKinds())('forms from 发起审批 and from their records on %s', (kind) => {
  let api: ContractTestApi;
  const as: Record<string, ContractClient> = {};
  const data = async (r: request.Test) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const refused = async (r: request.Test, status: number, field: string) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.field ?? res.body.errors?.[0]?.field).toBe(field);
    return res.body as { msg: string };
  };
  const count = async (table: 'approval' | 'finance_invoice' | 'project_archive_borrow') =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const approvalOf = (approvalId: string | number) =>
    api.db
      .selectFrom('approval')
      .select(['type_code', 'kind', 'record_kind', 'status', 'title', 'content'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
  const contract = (name: string, amount: string) =>
    addFormalContract(as.zhjy!, name, amount, {
      entrustBusinessName: '发起审批委托单位',
      signByMain: '发起审批甲方',
    });

  beforeAll(async () => {
    api = await openContractApi(kind);
    for (const u of ['zhjy', 'caiwu', 'zgcs']) as[u] = await api.as(u);
  });
  afterAll(() => api.close());

  it('23_1: the centre creates the invoice request on the picked contract, capped like the screen', async () => {
    const contractId = await contract('发起审批开票合同', '960');
    const form = (amount: string) => ({
      typeCode: '23_1',
      recordKind: 'contract',
      recordId: String(contractId),
      content: {
        invoiceDate: { value: '2026-11-20' },
        contractName: { value: '发起审批开票合同' },
        payCompanyName: { value: '杭州某建设公司' },
        invoiceType: { value: '1' },
        invoicePurpose: { value: '1' },
        invoiceAmount: { value: amount },
      },
      submit: true,
    });
    const before = [await count('approval'), await count('finance_invoice')];
    // 2,000 万元 on a 960 万元 contract: refused on the amount, nothing stored.
    const over = await refused(
      as.caiwu!.post('/project/approval/addInvoiceTemplate', form('2000')),
      400,
      'invoiceAmount',
    );
    expect(over.msg).toContain('开票金额超过合同可开票余额');
    // No contract picked: refused naming the picker.
    const unpicked = await refused(
      as.caiwu!.post('/project/approval/addInvoiceTemplate', {
        ...form('10'),
        recordKind: undefined,
        recordId: undefined,
      }),
      400,
      'recordId',
    );
    expect(unpicked.msg).toBe('请选择关联合同');
    expect([await count('approval'), await count('finance_invoice')]).toEqual(before);

    const centre = await data(as.caiwu!.post('/project/approval/addInvoiceTemplate', form('100')));
    expect(centre).toMatchObject({ status: 0, currentNodeName: '经营部' });
    const screen = await data(
      as.caiwu!.post('/v4/finance/add', {
        contractId,
        invoiceAmount: '100',
        invoiceType: '1',
        invoicePurpose: '1',
        invoiceTitle: '杭州某建设公司',
        invoiceDate: '2026-11-20',
        submit: true,
      }),
    );
    const invoices = await api.db
      .selectFrom('finance_invoice')
      .select([
        'contract_id',
        'invoice_amount',
        'invoice_type',
        'invoice_purpose',
        'invoice_title',
        'tax_no',
        'invoice_date',
        'remark',
        'status',
        'approval_id',
      ])
      .where('contract_id', '=', contractId)
      .orderBy('invoice_id')
      .execute();
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({ approval_id: Number(centre.approvalId), status: 1 });
    expect(Number(invoices[0]!.invoice_amount)).toBe(100);
    const same = ({ approval_id: _a, ...rest }: (typeof invoices)[number]) => rest;
    expect(same(invoices[0]!)).toEqual(same(invoices[1]!));
    const [a, b] = [await approvalOf(centre.approvalId), await approvalOf(screen.approvalId)];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ type_code: '23_1', record_kind: 'account.invoice', status: 0 });
    // Turned down, the request is changed on the invoice screen, not in the approval centre.
    await rejectNow(api, centre.approvalId);
    const version = (
      await api.db
        .selectFrom('approval')
        .select('version')
        .where('approval_id', '=', Number(centre.approvalId))
        .executeTakeFirstOrThrow()
    ).version;
    const edit = await as.caiwu!.post('/project/approval/updateInvoiceTemplate', {
      approvalId: centre.approvalId,
      version,
      content: form('50').content,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(422);
    expect(edit.body.msg).toContain('开票管理');
    // One in approval, one turned down: 860 is left, and the centre holds to it like the screen.
    await refused(
      as.caiwu!.post('/project/approval/addInvoiceTemplate', form('860.01')),
      400,
      'invoiceAmount',
    );
  });

  it('28_1: a change from the centre reaches the contract’s change log like one from its screen', async () => {
    const ids = [
      await contract('发起审批变更合同甲', '100'),
      await contract('发起审批变更合同乙', '100'),
    ];
    const centre = await data(
      as.zhjy!.post('/project/approval/addContractChangeTemplate', {
        typeCode: '28_1',
        recordKind: 'contract',
        recordId: String(ids[0]),
        content: {
          contractName: { value: '发起审批变更合同甲' },
          totalAmount: { value: '150' },
          contractContent: { value: '甲方追加景观设计' },
        },
        submit: true,
      }),
    );
    const screen = await data(
      as.zhjy!.post('/v4/contract/change/add', {
        contractId: ids[1],
        reason: '甲方追加景观设计',
        fields: { totalAmount: '150' },
      }),
    );
    const approvals = [centre.approvalId as string, screen.change.approvalId as string];
    for (const id of approvals) await approveToEnd(api, id);
    const changes = await Promise.all(
      ids.map(
        async (id) => (await data(as.zhjy!.get('/v4/contract/change/list', { contractId: id })))[0],
      ),
    );
    const same = (c: {
      reason: unknown;
      status: unknown;
      previous: { totalAmount: unknown };
      proposed: { totalAmount: unknown };
    }) => ({
      reason: c.reason,
      status: c.status,
      from: c.previous.totalAmount,
      to: c.proposed.totalAmount,
    });
    expect(same(changes[0])).toEqual({
      reason: '甲方追加景观设计',
      status: 1,
      from: '100',
      to: '150',
    });
    expect(same(changes[0])).toEqual(same(changes[1]));
    expect(changes[0].approvalId).toBe(approvals[0]);
    const log = async (contractId: number) =>
      (
        await api.db
          .selectFrom('contract_history')
          .select(['action', 'changes'])
          .where('record_kind', '=', 'contract')
          .where('record_id', '=', contractId)
          .where('action', '=', 'contractChange')
          .execute()
      ).map((r) => r.changes);
    expect(await log(ids[0]!)).toEqual(await log(ids[1]!));
    expect(JSON.stringify(await log(ids[0]!))).toContain('150');
    const amounts = await api.db
      .selectFrom('contract')
      .select('total_amount')
      .where('contract_id', 'in', ids)
      .execute();
    expect(amounts.map((r) => Number(r.total_amount))).toEqual([150, 150]);
    // Unpicked: refused naming the picker.
    const unpicked = await refused(
      as.zhjy!.post('/project/approval/addContractChangeTemplate', {
        typeCode: '28_1',
        content: { contractName: { value: 'x' }, contractContent: { value: 'y' } },
        submit: true,
      }),
      400,
      'recordId',
    );
    expect(unpicked.msg).toBe('请选择关联合同');
  });

  it('27_1: a borrowing from the centre is the same borrow row as one from the archive screen', async () => {
    const fileId = await as.zgcs!.upload('发起审批档案.pdf', PDF);
    const archive = (n: number) =>
      insertArchive(api.db, {
        archiveName: `发起审批档案${n}`,
        archiveNo: `DA-FQ-${n}`,
        projectName: '发起审批借阅项目',
        fileId,
        fileName: '发起审批档案.pdf',
        userId: 6,
        createBy: 'zgcs',
      });
    const ids = [await archive(1), await archive(2)];
    const today = instituteDay(new Date());
    const period = { purpose: '复核施工图审查意见', startDate: today, endDate: addDays(today, 6) };
    const pledge = '本人承诺：借阅的档案仅用于本职工作，不复制、不外传，按期归还。';
    const before = await count('project_archive_borrow');
    // The borrowing's own rule holds from the centre: a period over 90 days is refused.
    await refused(
      as.zhjy!.post('/project/approval/addArchivesApprovalTemplate', {
        typeCode: '27_1',
        recordKind: 'archive',
        recordId: String(ids[0]),
        content: {
          archivesName: { value: '发起审批档案1' },
          purpose: { value: period.purpose },
          startDate: { value: today },
          endDate: { value: addDays(today, 120) },
          remark: { value: pledge },
        },
        submit: true,
      }),
      400,
      'endDate',
    );
    expect(await count('project_archive_borrow')).toBe(before);
    const centreForm = {
      typeCode: '27_1',
      recordKind: 'archive',
      recordId: String(ids[0]),
      content: {
        archivesName: { value: '发起审批档案1' },
        purpose: { value: period.purpose },
        startDate: { value: period.startDate },
        endDate: { value: period.endDate },
        remark: { value: pledge },
      },
      submit: true,
    };
    const centreKey = { 'Idempotency-Key': `borrow-centre-${kind}` };
    const centre = await data(
      as.zhjy!.post('/project/approval/addArchivesApprovalTemplate', centreForm, centreKey),
    );
    // Its answer lost, the same request again is answered the same, not "already borrowing".
    const centreAgain = await data(
      as.zhjy!.post('/project/approval/addArchivesApprovalTemplate', centreForm, centreKey),
    );
    expect(centreAgain.approvalId).toBe(centre.approvalId);
    const screenForm = { archiveId: ids[1], ...period, pledge };
    const screenKey = { 'Idempotency-Key': `borrow-screen-${kind}` };
    const screen = await data(as.zhjy!.post('/project/archives/borrow', screenForm, screenKey));
    const screenAgain = await data(
      as.zhjy!.post('/project/archives/borrow', screenForm, screenKey),
    );
    expect(screenAgain.borrowId).toBe(screen.borrowId);
    const rows = await api.db
      .selectFrom('project_archive_borrow')
      .selectAll()
      .where('archive_id', 'in', ids)
      .orderBy('archive_id')
      .execute();
    expect(rows).toHaveLength(2);
    const same = (r: Record<string, unknown>) => ({
      userId: r.user_id,
      purpose: r.purpose,
      start: String(r.start_date),
      end: String(r.end_date),
      pledge: r.pledge,
      status: r.status,
    });
    expect(rows[0]!.approval_id).toBe(Number(centre.approvalId));
    expect(same(rows[0]!)).toEqual(same(rows[1]!));
    const [a, b] = [
      await approvalOf(centre.approvalId),
      await approvalOf(String(rows[1]!.approval_id)),
    ];
    expect(a.record_kind).toBe('archives.borrow');
    expect({ ...a, title: '', content: '' }).toEqual({ ...b, title: '', content: '' });
  });

  it('refuses a money form without its record and one its screen sends; 22_1 stays free', async () => {
    const loan = await refused(
      as.caiwu!.post('/project/approval/addCommonTemplate', {
        typeCode: '10_1',
        content: {},
        submit: true,
      }),
      400,
      'recordId',
    );
    expect(loan.msg).toBe('请选择关联借款部门');
    const screenOnly = await refused(
      as.caiwu!.post('/project/approval/addFundMonthPlanTemplate', {
        typeCode: '8_1',
        recordKind: 'fund.plan',
        recordId: '1',
        content: {},
        submit: true,
      }),
      400,
      'recordKind',
    );
    expect(screenOnly.msg).toContain('月度资金计划');
    const free = await data(
      as.caiwu!.post('/project/approval/addCommonTemplate', {
        typeCode: '22_1',
        title: '办公用品采购',
        content: {},
        submit: true,
      }),
    );
    expect(free.status).toBe(0);
  });
});
