/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import {
  APPROVAL_TYPE_CATALOGUE,
  centreRecordPermissions,
  templateKindInfo,
  type ApprovalTypeInfo,
} from '@dpms/core';
import { createPlatformRepositories } from '@dpms/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  addFormalContract,
  openContractApi,
  rejectNow,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

// 发起审批 is no way round a record screen's permission: a form the centre creates or links a
// record for requires what the record's own route requires, besides project:approval:add.

/** One form of each group the centre creates or links a record for (3_x, 4_x, 23_1 …). */
const centreForms: readonly ApprovalTypeInfo[] = APPROVAL_TYPE_CATALOGUE.filter(
  (t) => t.variant === 1 && t.record !== undefined && t.record.fromCentre !== 'screen',
);

const pickedKind = (t: ApprovalTypeInfo): string =>
  t.record?.fromCentre === 'link' ? (t.record.recordKinds[0] ?? '') : (t.record?.picker ?? '');

describe.each(testDatabaseKinds())('the record screen’s permission on 发起审批 on %s', (kind) => {
  let api: ContractTestApi;
  let admin: ContractClient;
  let menus: readonly { menuId: number; perms: string }[];
  let users = 0;

  let roles = 0;
  /** A role of all data holding every permission but `without`; its id. */
  const roleWithout = async (without: readonly string[]): Promise<number> => {
    roles += 1;
    const role = await createPlatformRepositories(api.db).roles.create({
      roleKey: `centre_perm_${roles}`,
      roleName: `发起审批权限${roles}`,
      dataScope: '1',
      menuIds: menus.filter((m) => !without.includes(m.perms)).map((m) => m.menuId),
    });
    if (!role.ok) throw new Error(role.error.message);
    return role.value.roleId;
  };
  /** Every menu permission but `perms`. */
  const allBut = (perms: readonly string[]) =>
    menus.map((m) => m.perms).filter((p) => p !== '' && !perms.includes(p));
  /** A user of 财务部 whose one role (all data) holds every permission but `without`. */
  const userWithout = async (without: readonly string[]): Promise<ContractClient> => {
    users += 1;
    const userName = `centreperm${users}`;
    const made = await admin.post('/system/user', {
      userName,
      nickName: `发起审批${users}`,
      password: DEMO_PASSWORD,
      deptId: 103,
      roleIds: [await roleWithout(without)],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return api.as(userName);
  };
  /** A user of 财务部 whose one role (all data) holds exactly `perms`. */
  const userWith = (perms: readonly string[]): Promise<ContractClient> =>
    userWithout(allBut(perms));
  const count = async (table: 'approval' | 'finance_invoice') =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const approvals = () => count('approval');
  const send = (who: ContractClient, t: ApprovalTypeInfo) =>
    who.post(templateKindInfo(t.kind).addPath, {
      typeCode: t.code,
      recordKind: pickedKind(t),
      recordId: '1',
      content: {},
      submit: true,
    });

  beforeAll(async () => {
    api = await openContractApi(kind);
    admin = await api.as('admin');
    menus = await createPlatformRepositories(api.db).menus.listAll({});
  });
  afterAll(() => api.close());

  it('covers every group the centre creates or links a record for', () => {
    expect(centreForms.map((t) => t.code)).toEqual(
      expect.arrayContaining(['3_1', '4_1', '12_1', '23_1', '25_1', '27_1', '28_1']),
    );
  });

  it.each(centreForms.map((t) => [t.code, t] as const))(
    '%s: refused 403 without the record’s permission, nothing stored; passed on with it',
    async (_code, t) => {
      const required = centreRecordPermissions(t.code);
      expect(required.length).toBeGreaterThan(0);
      const lacking = await userWithout(required);
      const before = await approvals();
      const refused = await send(lacking, t);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.msg).toContain('当前操作没有权限');
      expect(refused.body.msg).toContain(t.record?.screen);
      expect(await approvals()).toBe(before);
      // The same role with the permission is let through to the record's own rules (record 1 may
      // not suit the form, and a task sheet is sent only by its author or project manager:
      // whatever the record answers, it is not the permission's refusal).
      const holding = await userWithout([]);
      const passed = await send(holding, t);
      expect(passed.body.msg, JSON.stringify(passed.body)).not.toContain('当前操作没有权限');
      expect(passed.body.errorCode).not.toBe('APPROVAL.NO_PERMISSION');
    },
  );

  it('23_1 on a real contract: 发起审批 alone is refused and stores nothing; with 开票管理’s add the request is made', async () => {
    const contractId = await addFormalContract(admin, '发起审批权限开票合同', '500');
    const invoice = {
      typeCode: '23_1',
      recordKind: 'contract',
      recordId: String(contractId),
      content: {
        invoiceDate: { value: '2026-11-20' },
        contractName: { value: '发起审批权限开票合同' },
        payCompanyName: { value: '杭州某建设公司' },
        invoiceType: { value: '1' },
        invoicePurpose: { value: '1' },
        invoiceAmount: { value: '100' },
      },
      submit: true,
    };
    const centreOnly = ['project:approval:add', 'project:approval:list', 'project:contract:list'];
    const before = [await count('approval'), await count('finance_invoice')];
    const lacking = await userWith(centreOnly);
    const refused = await lacking.post('/project/approval/addInvoiceTemplate', invoice);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.msg).toContain('开票管理');
    expect([await count('approval'), await count('finance_invoice')]).toEqual(before);

    const holding = await userWith([...centreOnly, 'contract:finance:add']);
    const sent = await holding.post('/project/approval/addInvoiceTemplate', invoice);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect([await count('approval'), await count('finance_invoice')]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
    ]);
    const stored = await api.db
      .selectFrom('approval')
      .innerJoin('finance_invoice', 'finance_invoice.approval_id', 'approval.approval_id')
      .select(['approval.type_code', 'approval.record_kind', 'finance_invoice.contract_id'])
      .where('approval.approval_id', '=', Number(sent.body.data.approvalId))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      type_code: '23_1',
      record_kind: 'account.invoice',
      contract_id: contractId,
    });
  });

  it('23_1 resent from 发起审批 after its screen’s permission was withdrawn: refused, the form stays rejected', async () => {
    const contractId = await addFormalContract(admin, '发起审批重新提交开票合同', '500');
    const centreOnly = ['project:approval:add', 'project:approval:list', 'project:contract:list'];
    const sender = ['project:approval:process', 'project:approval:query', ...centreOnly];
    const holding = await roleWithout(allBut([...sender, 'contract:finance:add']));
    const lacking = await roleWithout(allBut(sender));
    users += 1;
    const userName = `centreperm${users}`;
    const made = await admin.post('/system/user', {
      userName,
      nickName: `发起审批${users}`,
      password: DEMO_PASSWORD,
      deptId: 103,
      roleIds: [holding],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { userId } = await api.db
      .selectFrom('sys_user')
      .select('user_id as userId')
      .where('user_name', '=', userName)
      .executeTakeFirstOrThrow();
    /** The user under `roleId` alone, signed in again (a role change ends the session). */
    const under = async (roleId: number) => {
      const r = await admin.put('/system/user', { userId, deptId: 103, roleIds: [roleId] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return api.signInAgain(userName);
    };
    const sent = await (
      await api.as(userName)
    ).post('/project/approval/addInvoiceTemplate', {
      typeCode: '23_1',
      recordKind: 'contract',
      recordId: String(contractId),
      content: {
        invoiceDate: { value: '2026-11-20' },
        contractName: { value: '发起审批重新提交开票合同' },
        payCompanyName: { value: '杭州某建设公司' },
        invoiceType: { value: '1' },
        invoicePurpose: { value: '1' },
        invoiceAmount: { value: '100' },
      },
      submit: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approvalId = String(sent.body.data.approvalId);
    await rejectNow(api, approvalId);
    const state = () =>
      api.db
        .selectFrom('approval')
        .select(['status', 'version'])
        .where('approval_id', '=', Number(approvalId))
        .executeTakeFirstOrThrow();
    const rejected = await state();
    expect(rejected.status).toBe(2);
    const resend = (who: ContractClient) =>
      who.post('/project/approval/process', {
        approvalId,
        version: rejected.version,
        action: 'submit',
      });

    const offered = async (who: ContractClient) => {
      const d = await who.get('/project/approval/getCommonApprovalDetail', { approvalId });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      return d.body.data.allowedActions as string[];
    };

    const withoutIt = await under(lacking);
    // 重新提交 is not offered, and sent anyway it is refused.
    expect(await offered(withoutIt)).not.toContain('submit');
    const refused = await resend(withoutIt);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.msg).toContain('开票管理');
    expect(await state()).toEqual(rejected);

    const withIt = await under(holding);
    expect(await offered(withIt)).toContain('submit');
    const resent = await resend(withIt);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect((await state()).status).toBe(0);
  });
});
