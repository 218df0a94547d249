import {
  ApprovalEngine,
  type ApprovalActor,
  type ContentEntry,
  type TemplateContent,
} from '@dpms/core';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import {
  createApprovalRepositories,
  createLinkedRecordRegistry,
} from '../repositories/sql-approval.repository.js';

/**
 * Demo approvals in every status (DESIGN §4), made through the engine itself so they are exactly
 * what the application would have stored: the project manager 李项目 (3, 建筑一所) drafts; his
 * department head is 赵所长 (5).
 */
export async function seedApprovalSamples(trx: Transaction<Database>): Promise<void> {
  const uow = new KyselyUnitOfWork(trx, (t) =>
    createApprovalRepositories(t, createLinkedRecordRegistry()),
  );
  const engine = new ApprovalEngine(uow, { now: () => new Date() });
  const actor = (userId: number, deptId: number): ApprovalActor => ({
    userId,
    deptId,
    scope: { kind: 'all' },
  });
  const drafter = actor(3, 110);
  const idem = { route: 'seed' };
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!r.ok) throw new Error(`seeding approvals: ${r.error.message}`);
    return r.value;
  };
  // The engine takes each entry's type from the template when it is left out.
  const v = (value: string | string[]) => ({ label: '', value }) as unknown as ContentEntry;
  const contract = (name: string, amount: string): TemplateContent => ({
    contractName: v(name),
    signByMain: v('杭州滨江城市建设投资有限公司'),
    signBySub: v('华东示范建筑设计研究院'),
    totalAmount: v(amount),
    contractContent: { label: '', type: 'textarea', value: '方案设计、初步设计及施工图设计' },
  });
  const seal = (types: string[]): TemplateContent => ({
    drawContent: { label: '', type: 'textarea', value: '施工图 36 张' },
    sealType: { label: '', type: 'options', value: types },
  });

  // -1: a draft.
  must(
    await engine.create(
      {
        kind: 'Contract',
        typeCode: '24_1',
        title: '滨江科创园规划设计合同评审',
        content: contract('滨江科创园规划设计合同', '150'),
      },
      drafter,
      idem,
    ),
  );
  // 0: waiting for the department head.
  must(
    await engine.create(
      {
        kind: 'Contract',
        typeCode: '24_1',
        title: '西溪景观提升设计合同评审',
        content: contract('西溪景观提升设计合同', '80'),
        submit: true,
      },
      drafter,
      idem,
    ),
  );
  // 1: approved.
  const common = must(
    await engine.create(
      { kind: 'Common', typeCode: '22_1', title: '项目组打印机采购', content: {}, submit: true },
      drafter,
      idem,
    ),
  );
  must(
    await engine.process(
      {
        approvalId: common.approvalId,
        action: 'approve',
        version: common.version,
        opinion: '同意',
      },
      actor(5, 110),
      idem,
    ),
  );
  // 2: rejected by the business department.
  const invoice = must(
    await engine.create(
      {
        kind: 'Invoice',
        typeCode: '23_1',
        title: '滨江项目设计费开票',
        content: {
          invoiceDate: v('2026-11-20'),
          contractName: v('滨江科创园规划设计合同'),
          payCompanyName: v('杭州滨江城市建设投资有限公司'),
          invoiceType: { label: '', type: 'option', value: '2' },
          invoicePurpose: { label: '', type: 'option', value: '1' },
          invoiceAmount: v('30'),
        },
        submit: true,
      },
      drafter,
      idem,
    ),
  );
  must(
    await engine.process(
      {
        approvalId: invoice.approvalId,
        action: 'reject',
        version: invoice.version,
        opinion: '请附合同扫描件',
      },
      actor(2, 102),
      idem,
    ),
  );
  // 3: withdrawn by the drafter.
  const withdrawn = must(
    await engine.create(
      {
        kind: 'Seal',
        typeCode: '25_1',
        title: '施工图盖章（含公章）',
        content: seal(['1', '5']),
        submit: true,
      },
      drafter,
      idem,
    ),
  );
  must(
    await engine.process(
      { approvalId: withdrawn.approvalId, action: 'withdraw', version: withdrawn.version },
      drafter,
      idem,
    ),
  );
  // 0 at the second node: signed by the department head, waiting for the technical lead.
  const sealing = must(
    await engine.create(
      {
        kind: 'Seal',
        typeCode: '25_1',
        title: '施工图盖章（技术章）',
        content: seal(['5']),
        submit: true,
      },
      drafter,
      idem,
    ),
  );
  must(
    await engine.process(
      {
        approvalId: sealing.approvalId,
        action: 'approve',
        version: sealing.version,
        opinion: '同意',
      },
      actor(5, 110),
      idem,
    ),
  );
}
