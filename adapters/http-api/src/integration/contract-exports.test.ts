import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  headerOf,
  openContractApi,
  sheetRows,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

const base = {
  projectName: '导出专项',
  contractName: '导出专项合同',
  entrustBusinessName: '导出委托单位',
  bizSource: '2',
  totalAmount: '100',
  cleanAmount: '90',
  signByMain: '导出甲方',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-05-06',
};

/** Every export of 001 §7's contract and filing families opens as a real .xlsx with the right rows. */
describe.each(testDatabaseKinds())('contract exports on %s', (kind) => {
  let api: ContractTestApi;
  let zhjy: ContractClient;
  let caiwu: ContractClient;
  let xmjl2: ContractClient;
  let jingying: ContractClient;
  let declareId = 0;
  let formalId = 0;
  let lxId = 0;
  let childId = 0;

  const ok = async (r: Promise<{ status: number; body: { data: unknown } }>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown>;
  };

  beforeAll(async () => {
    api = await openContractApi(kind);
    zhjy = await api.as('zhjy');
    caiwu = await api.as('caiwu');
    xmjl2 = await api.as('xmjl2');
    jingying = await api.as('jingying');
    formalId = Number(
      (await ok(zhjy.post('/project/contract/addHistory', { ...base, contractNo: 'EXP-F-1' })))
        .contractId,
    );
    await ok(
      zhjy.post('/project/contract/addHistory', {
        ...base,
        projectName: '导出专项乙',
        contractNo: 'EXP-F-2',
        totalAmount: '50',
        cleanAmount: '50',
      }),
    );
    await ok(zhjy.post('/project/stay/add', { ...base, projectName: '导出未签' }));
    declareId = Number(
      (await ok(zhjy.post('/project/declare/add', { ...base, projectName: '导出立项' })))
        .contractId,
    );
    // A declared project edited twice: its modifications are exported field by field.
    await ok(
      zhjy.post('/v4/contract/modifyContractName', {
        contractId: declareId,
        contractName: '导出立项（更名）',
      }),
    );
    const lx = await ok(
      zhjy.post('/v4/lixiang/add', {
        contractId: declareId,
        lxNo: 'LX-EXP-1',
        projectName: '导出立项',
        bizSource: '2',
        totalAmount: '100',
      }),
    );
    lxId = Number(lx.lxId);
    await ok(
      zhjy.post('/project/lixiang/updateV2', {
        lxId,
        contractId: declareId,
        lxNo: 'LX-EXP-1',
        projectName: '导出立项',
        bizSource: '2',
        totalAmount: '120',
        remark: '金额调整',
      }),
    );
    childId = Number(
      (
        await ok(
          jingying.post('/project/contractChild/addHistory', {
            contractId: formalId,
            childType: 5,
            contractChildNo: 'EXP-FB-1',
            receiveCompanyName: '导出分包单位',
            totalAmount: '30',
          }),
        )
      ).contractChildId,
    );
    await ok(
      caiwu.post('/project/contractChild/insertChildPay', {
        contractChildId: childId,
        payAmount: '10',
      }),
    );
    await ok(
      jingying.post('/v4/extendSubContract/add', {
        contractChildId: childId,
        extendNo: 'EXP-BC-1',
        content: '增加效果图制作',
        extendAmount: '5',
        signDate: '2023-08-01',
      }),
    );
  });
  afterAll(() => api.close());

  it('/project/contract/exportList streams the formal ledger with the fee columns, filtered', async () => {
    const wb = await caiwu.xlsx('/project/contract/exportList', { projectName: '导出专项' });
    const header = headerOf(wb, '正式合同');
    expect(header).toContain('甲方');
    expect(header).toContain('结案金额（万元）');
    // The list's columns first, as the screen shows them: 合同编号 leads, amounts are numbers.
    expect(header.slice(0, 3)).toEqual(['合同编号', '项目名称', '合同名称']);
    const rows = sheetRows(wb, '正式合同');
    expect(rows.map((r) => r[0]).sort()).toEqual(['EXP-F-1', 'EXP-F-2']);
    expect(rows.map((r) => r[header.indexOf('合同金额（万元）')]).sort()).toEqual([100, 50]);
    const stay = sheetRows(
      await zhjy.xlsx('/project/contract/exportList', { stage: 'stay', projectName: '导出' }),
      '未签合同',
    );
    expect(stay.map((r) => r[1])).toEqual(['导出未签']);
  });

  it('/project/declare/export lists declared projects only', async () => {
    const rows = sheetRows(
      await zhjy.xlsx('/project/declare/export', { projectName: '导出' }),
      '立项合同',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(1, 3)).toEqual(['导出立项', '导出立项（更名）']);
    expect(rows[0]?.[8]).toBe(100);
  });

  it('/v4/lixiang/export and /project/declare/exportByLx list filings, the latter beside its declared project', async () => {
    const filings = sheetRows(
      await zhjy.xlsx('/v4/lixiang/export', { lxNo: 'LX-EXP' }),
      '立项备案',
    );
    expect(filings).toHaveLength(1);
    expect(filings[0]?.[0]).toBe('LX-EXP-1');
    expect(filings[0]?.[5]).toBe(120);
    const byLx = sheetRows(await zhjy.xlsx('/project/declare/exportByLx', {}), '立项备案');
    const mine = byLx.filter((r) => r[0] === lxId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.[3]).toBe('导出立项（更名）');
    expect(mine[0]?.[4]).toBe(100);
  });

  it('/project/lixiang/exportByModify and /project/declare/exportByLxModify list each changed field', async () => {
    const lxMods = sheetRows(await zhjy.xlsx('/project/lixiang/exportByModify'), '修改记录');
    const amount = lxMods.find((r) => r[0] === lxId && r[4] === '合同金额');
    expect(amount?.slice(5, 7)).toEqual(['100', '120']);
    expect(lxMods.some((r) => r[0] === lxId && r[4] === '备注')).toBe(true);
    const declMods = sheetRows(await zhjy.xlsx('/project/declare/exportByLxModify'), '修改记录');
    const renamed = declMods.find((r) => r[0] === declareId);
    expect(renamed?.slice(3, 7)).toEqual([
      '修改合同名称',
      '合同名称',
      '导出专项合同',
      '导出立项（更名）',
    ]);
  });

  it('/v4/contractChild/export and /v4/extendSubContract/export carry paid, extended and payable amounts', async () => {
    const children = sheetRows(
      await jingying.xlsx('/v4/contractChild/export', { contractChildNo: 'EXP-FB' }),
      '分包合同',
    );
    expect(children).toHaveLength(1);
    // The pay item of 10 is planned, not paid: 已付 counts paid payments (the figures read
    // model), 可付 is what the pay items leave of the contract and its extension.
    expect(children[0]?.slice(5, 9)).toEqual([30, 5, 0, 25]);
    const ext = sheetRows(
      await jingying.xlsx('/v4/extendSubContract/export', { contractChildId: childId }),
      '补充分包合同',
    );
    expect(ext).toHaveLength(1);
    expect(ext[0]?.slice(0, 3)).toEqual(['EXP-BC-1', base.contractName, 'EXP-FB-1']);
    expect(ext[0]?.[6]).toBe(5);
  });

  it('scopes every export to the caller and refuses callers without the export permission', async () => {
    // 项目经理 of 建筑二所 sees none of 综合经营部's filings, and may not export contracts.
    const theirs = sheetRows(
      await xmjl2.xlsx('/v4/lixiang/export', { lxNo: 'LX-EXP' }),
      '立项备案',
    );
    expect(theirs).toHaveLength(0);
    expect((await xmjl2.get('/project/contract/exportList')).status).toBe(403);
    expect((await xmjl2.get('/project/declare/export')).status).toBe(403);
  });
});
