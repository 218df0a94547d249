/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  approveToEnd,
  openContractApi,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

const contract = {
  projectName: '外委测试项目',
  contractName: '外委测试合同',
  bizSource: '2',
  totalAmount: '300',
  cleanAmount: '280',
  signByMain: '甲方单位',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-03-01',
};

/** The rest of /v4/contractChild/* and /project/contractChild/*, and /v4/extendSubContract/*. */
describe.each(testDatabaseKinds())(
  'sub-contract approval, tax, pay files and extensions on %s',
  (kind) => {
    let api: ContractTestApi;
    let jingying: ContractClient;
    let caiwu: ContractClient;
    let xmjl2: ContractClient;
    let parentId = 0;

    const ok = async (r: PromiseLike<{ status: number; body: { data: unknown } }>) => {
      const res = await r;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Record<string, unknown>;
    };
    const child = async (no: string, total = '20') =>
      ok(
        jingying.post('/v4/contractChild/add', {
          contractId: parentId,
          childType: 2,
          contractChildNo: no,
          receiveCompanyName: '某咨询公司',
          totalAmount: total,
        }),
      );

    beforeAll(async () => {
      api = await openContractApi(kind);
      jingying = await api.as('jingying');
      caiwu = await api.as('caiwu');
      xmjl2 = await api.as('xmjl2');
      parentId = Number(
        (await ok(jingying.post('/project/contract/addHistory', contract))).contractId,
      );
    });
    afterAll(() => api.close());

    it('edits a draft, sends it as a 5_1 payment contract, locks it, and marks it approved', async () => {
      const c = await child('WW-1');
      const id = Number(c.contractChildId);
      const edited = await ok(
        jingying.post('/v4/contractChild/update', {
          contractChildId: id,
          childType: 2,
          contractChildNo: 'WW-1',
          receiveCompanyName: '某咨询公司（更名）',
          totalAmount: '25',
        }),
      );
      expect(edited).toMatchObject({ totalAmount: '25', receiveCompanyName: '某咨询公司（更名）' });
      const sent = await ok(
        jingying.post('/v4/contractChild/updateToApproval', { contractChildId: id }),
      );
      expect(sent.status).toBe(0);
      const approvalId = String(sent.approvalId);
      const a = await api.db
        .selectFrom('approval')
        .select(['type_code', 'record_kind'])
        .where('approval_id', '=', Number(approvalId))
        .executeTakeFirstOrThrow();
      expect(a).toMatchObject({ type_code: '5_1', record_kind: 'contractChild' });
      const locked = await jingying.post('/v4/contractChild/update', {
        contractChildId: id,
        childType: 2,
        receiveCompanyName: '某咨询公司',
        totalAmount: '30',
      });
      expect(locked.status).toBe(422);
      await approveToEnd(api, approvalId);
      const done = await ok(jingying.get('/v4/contractChild/detailById', { contractChildId: id }));
      expect(done.status).toBe(1);
      const list = await jingying.get('/v4/contractChild/list', {
        contractChildNo: 'WW-1',
        status: '1',
      });
      expect(list.body.rows.map((r: { contractChildId: number }) => r.contractChildId)).toEqual([
        id,
      ]);
    });

    it('recomputes net pay for a new tax rate, keeps pay attachments, and answers what is left to pay', async () => {
      const c = await ok(
        jingying.post('/project/contractChild/addHistory', {
          contractId: parentId,
          childType: 5,
          contractChildNo: 'WW-TAX',
          receiveCompanyName: '设计分包单位',
          totalAmount: '40',
        }),
      );
      const id = Number(c.contractChildId);
      const invoice = await caiwu.upload('发票.pdf', Buffer.from('%PDF-1.7\n发票'));
      const pay = await ok(
        caiwu.post('/project/contractChild/insertChildPay', {
          contractChildId: id,
          payAmount: '10',
          files: [invoice],
        }),
      );
      expect(pay).toMatchObject({ taxRate: '0.06', realPayAmount: '10', files: [invoice] });
      // A pay's attachments are ids the server issued, never an address.
      for (const planted of ['/prod-api/approval/flow/del?flowId=1', 'javascript:alert(1)']) {
        const r = await caiwu.post('/project/contractChild/insertChildPay', {
          contractChildId: id,
          payAmount: '1',
          files: [planted],
        });
        expect(r.status).toBe(400);
        expect(r.body.msg).toContain('参数 files 只能是上传接口返回的文件标识');
      }
      const files = await ok(
        caiwu.get('/project/contractChild/showPayAttachmentList', { payId: pay.payId }),
      );
      expect(files).toEqual([expect.objectContaining({ fileId: invoice, fileName: '发票.pdf' })]);

      const taxed = await ok(
        caiwu.post('/v4/contractChild/updateExpensesOfTaxation', {
          contractChildId: id,
          taxRate: '0.03',
        }),
      );
      expect(taxed.taxRate).toBe('0.03');
      expect(taxed.pays).toEqual([
        expect.objectContaining({ taxRate: '0.03', realPayAmount: '9.7' }),
      ]);
      // New pay items take the sub-contract's rate.
      const next = await ok(
        caiwu.post('/project/contractChild/insertChildPay', {
          contractChildId: id,
          payAmount: '5',
        }),
      );
      expect(next).toMatchObject({ taxRate: '0.03', realPayAmount: '4.85' });
      const bad = await caiwu.post('/v4/contractChild/updateExpensesOfTaxation', {
        contractChildId: id,
        taxRate: '0.07',
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: 'taxRate' });

      const amount = await ok(
        caiwu.get('/project/contractChild/getUserCanPayAmount', { contractChildId: id }),
      );
      // What is left is held to the pay items (15); 已付 counts paid fund payments (none yet).
      expect(amount).toMatchObject({
        totalAmount: '40',
        paidAmount: '0',
        payItemsAmount: '15',
        canPayAmount: '25',
      });
      // A draft sub-contract is not payable yet.
      const draft = await child('WW-DRAFT');
      const canPay = await caiwu.get('/project/contractChild/getUserCanPayList', {
        contractChildNo: 'WW-',
      });
      const ids = canPay.body.rows.map((r: { contractChildId: number }) => r.contractChildId);
      expect(ids).toContain(id);
      expect(ids).not.toContain(draft.contractChildId);
    });

    it('adds, edits and deletes extensions of an approved sub-contract within what was paid', async () => {
      const c = await ok(
        jingying.post('/project/contractChild/addHistory', {
          contractId: parentId,
          childType: 3,
          contractChildNo: 'WW-EXT',
          receiveCompanyName: '专家顾问',
          totalAmount: '10',
        }),
      );
      const id = Number(c.contractChildId);
      const draft = await child('WW-EXT-DRAFT');
      const refused = await jingying.post('/v4/extendSubContract/add', {
        contractChildId: draft.contractChildId,
        content: '补充',
        extendAmount: '1',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.msg).toContain('审批通过');

      const key = { 'Idempotency-Key': `ext-${kind}` };
      const first = await jingying.post(
        '/v4/extendSubContract/add',
        { contractChildId: id, extendNo: 'BC-1', content: '增加专家评审一次', extendAmount: '5' },
        key,
      );
      const again = await jingying.post(
        '/v4/extendSubContract/add',
        { contractChildId: id, extendNo: 'BC-1', content: '增加专家评审一次', extendAmount: '5' },
        key,
      );
      expect(again.body.data.extendId).toBe(first.body.data.extendId);
      // The answer to the add already names its author, as the list will.
      expect(first.body.data).toMatchObject({ createBy: 'jingying', createByName: '王经营' });
      const extendId = Number(first.body.data.extendId);

      // Paying 14 of 10 + 5 is allowed now; the extension then cannot shrink below what was paid.
      await ok(
        caiwu.post('/project/contractChild/insertChildPay', {
          contractChildId: id,
          payAmount: '14',
        }),
      );
      const shrink = await jingying.post('/v4/extendSubContract/update', {
        extendId,
        extendNo: 'BC-1',
        content: '增加专家评审一次',
        extendAmount: '3',
      });
      expect(shrink.status).toBe(422);
      expect(shrink.body).toMatchObject({ field: 'extendAmount' });
      expect((await jingying.get('/v4/extendSubContract/delById', { extendId })).status).toBe(422);
      const grown = await ok(
        jingying.post('/v4/extendSubContract/update', {
          extendId,
          extendNo: 'BC-1',
          content: '增加专家评审两次',
          extendAmount: '8',
        }),
      );
      expect(grown).toMatchObject({ extendAmount: '8', version: 1 });

      const byChild = await ok(
        jingying.get('/v4/extendSubContract/detailById', { contractChildId: id }),
      );
      expect(byChild.extensions).toEqual([
        expect.objectContaining({
          extendId,
          extendNo: 'BC-1',
          extendAmount: '8',
          contractChildNo: 'WW-EXT',
        }),
      ]);
      const list = await jingying.get('/v4/extendSubContract/list', { contractId: parentId });
      expect(list.body.total).toBe(1);
      const detail = await ok(jingying.get('/v4/extendSubContract/detail', { extendId }));
      expect(detail.content).toBe('增加专家评审两次');

      // Bad input names its field; another department's caller sees nothing.
      for (const [body, field] of [
        [{ contractChildId: id, content: '', extendAmount: '1' }, 'content'],
        [{ contractChildId: id, content: 'x', extendAmount: '1.5.1' }, 'extendAmount'],
        [{ contractChildId: id, content: 'x', extendAmount: 2 }, 'extendAmount'],
      ] as const) {
        const r = await jingying.post('/v4/extendSubContract/add', body);
        expect(r.status).toBe(400);
        expect(JSON.stringify(r.body)).toContain(field === 'content' ? '补充内容' : 'extendAmount');
      }
      expect((await xmjl2.get('/v4/extendSubContract/detail', { extendId })).status).toBe(404);
    });
  },
);
