/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  approveToEnd,
  openContractApi,
  rejectNow,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

const base = {
  projectName: '变更测试项目',
  contractName: '变更测试合同',
  entrustBusinessName: '变更委托单位',
  bizSource: '2',
  totalAmount: '100',
  cleanAmount: '90',
  signByMain: '变更甲方',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-05-06',
};

/**
 * Contract change (28_1) through the approval engine, contract files linked from the file store,
 * the history of who changed what, Idempotency-Key on creates and converts, and the refusals.
 */
describe.each(testDatabaseKinds())('contract change, files and idempotency on %s', (kind) => {
  let api: ContractTestApi;
  let zhjy: ContractClient;
  let xmjl2: ContractClient;

  const ok = async (r: PromiseLike<{ status: number; body: { data: unknown } }>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown>;
  };

  beforeAll(async () => {
    api = await openContractApi(kind);
    zhjy = await api.as('zhjy');
    xmjl2 = await api.as('xmjl2');
  });
  afterAll(() => api.close());

  it('a change locks the formal contract while in approval and is applied, split recomputed, when approved', async () => {
    const c = await ok(zhjy.post('/project/contract/addHistory', base));
    const id = Number(c.contractId);
    const sent = await ok(
      zhjy.post('/v4/contract/change/add', {
        contractId: id,
        reason: '甲方追加景观设计',
        fields: { totalAmount: '150', cleanAmount: '140', contractName: '变更测试合同（补充）' },
      }),
    );
    const change = sent.change as { changeId: number; approvalId: string; status: number };
    expect(change.status).toBe(0);
    const approval = await api.db
      .selectFrom('approval')
      .select(['type_code', 'record_kind', 'status'])
      .where('approval_id', '=', Number(change.approvalId))
      .executeTakeFirstOrThrow();
    expect(approval).toMatchObject({ type_code: '28_1', record_kind: 'contractChange', status: 0 });

    // Locked: no rename, no second change, no file linking while in approval.
    const rename = await zhjy.post('/v4/contract/modifyContractName', {
      contractId: id,
      contractName: '别的名字',
    });
    expect(rename.status).toBe(422);
    expect(rename.body.msg).toContain('合同变更正在审批中');
    expect(
      (
        await zhjy.post('/v4/contract/change/add', {
          contractId: id,
          reason: '再改一次',
          fields: { totalAmount: '160' },
        })
      ).status,
    ).toBe(422);
    const during = await ok(zhjy.get('/project/contract/detailById', { contractId: id }));
    expect(during).toMatchObject({ totalAmount: '100', contractName: '变更测试合同' });

    await approveToEnd(api, change.approvalId);
    const after = await ok(zhjy.get('/project/contract/detailById', { contractId: id }));
    expect(after).toMatchObject({
      totalAmount: '150',
      cleanAmount: '140',
      contractName: '变更测试合同（补充）',
      stage: 'formal',
    });
    // Internal business, rates as stored: realAmount = clean − direct (0), technicalFee 0.
    expect(after.realAmount).toBe('140');
    const history = after.history as { action: string; changes: Record<string, unknown> }[];
    const applied = history.find((h) => h.action === 'contractChange');
    expect(applied?.changes['totalAmount']).toEqual(['100', '150']);
    const changes = await ok(zhjy.get('/v4/contract/change/list', { contractId: id }));
    expect((changes as unknown as { status: number }[]).map((x) => x.status)).toEqual([1]);
    // Released: a rename works again.
    expect(
      (
        await zhjy.post('/v4/contract/modifyContractName', {
          contractId: id,
          contractName: '变更测试合同（再更名）',
        })
      ).status,
    ).toBe(200);
  });

  it('a rejected change leaves the contract as it was and releases it', async () => {
    const c = await ok(
      zhjy.post('/project/contract/addHistory', { ...base, projectName: '驳回变更项目' }),
    );
    const id = Number(c.contractId);
    const sent = await ok(
      zhjy.post('/v4/contract/change/add', {
        contractId: id,
        reason: '调减',
        fields: { totalAmount: '80', cleanAmount: '80' },
      }),
    );
    await rejectNow(api, (sent.change as { approvalId: string }).approvalId);
    const after = await ok(zhjy.get('/project/contract/detailById', { contractId: id }));
    expect(after).toMatchObject({ totalAmount: '100' });
    expect(
      (
        await zhjy.post('/v4/contract/modifyContractName', {
          contractId: id,
          contractName: '可改名',
        })
      ).status,
    ).toBe(200);
    const changes = await ok(zhjy.get('/v4/contract/change/list', { contractId: id }));
    expect((changes as unknown as { status: number }[])[0]?.status).toBe(2);
  });

  it('refuses a change of a contract not yet formal, an empty change and bad amounts', async () => {
    const draft = await ok(zhjy.post('/v4/contract/add', { ...base, projectName: '草稿变更' }));
    const notFormal = await zhjy.post('/v4/contract/change/add', {
      contractId: draft.contractId,
      reason: 'x',
      fields: { totalAmount: '1' },
    });
    expect(notFormal.status).toBe(422);
    expect(notFormal.body.msg).toContain('只有正式合同');
    const formal = await ok(
      zhjy.post('/project/contract/addHistory', { ...base, projectName: '空变更项目' }),
    );
    const empty = await zhjy.post('/v4/contract/change/add', {
      contractId: formal.contractId,
      reason: '无',
      fields: { totalAmount: '100' },
    });
    expect(empty.status).toBe(422);
    for (const bad of [1.5, '12a', '-3']) {
      const r = await zhjy.post('/v4/contract/change/add', {
        contractId: formal.contractId,
        reason: '金额',
        fields: { totalAmount: bad },
      });
      expect(r.status, String(bad)).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain('totalAmount');
    }
  });

  it('links uploaded contract, government and design files, lists and unlinks them, with history', async () => {
    const c = await ok(zhjy.post('/project/stay/add', { ...base, projectName: '文件项目' }));
    const id = Number(c.contractId);
    const signed = await zhjy.upload('合同扫描件.pdf', Buffer.from('%PDF-1.7\n合同扫描件'));
    const permit = await zhjy.upload('规划许可.pdf', Buffer.from('%PDF-1.7\n规划许可证'));
    const linked = await ok(
      zhjy.post('/project/contract/uploadContractFiles', { contractId: id, fileIds: [signed] }),
    );
    expect(linked).toEqual([
      expect.objectContaining({ fileId: signed, fileName: '合同扫描件.pdf', category: 'contract' }),
    ]);
    await ok(
      zhjy.post('/project/contract/uploadContractFiles', {
        contractId: id,
        category: 'government',
        fileIds: [permit],
      }),
    );
    const all = (await ok(
      zhjy.get('/project/contract/getContractFiles', { contractId: id }),
    )) as unknown as { fileId: string; category: string; contractFileId: number; url: string }[];
    expect(all.map((f) => f.category)).toEqual(['contract', 'government']);
    const gov = (await ok(
      zhjy.get('/project/contract/getContractFiles', { contractId: id, category: 'government' }),
    )) as unknown as { fileId: string }[];
    expect(gov.map((f) => f.fileId)).toEqual([permit]);
    // The link's download goes through the file routes: the address the server built, as the
    // browser sees it (under /prod-api; the test client adds that prefix itself).
    expect(all[0]?.url).toBe(`/prod-api/common/download/resource?resource=${signed}`);
    const dl = await zhjy.get((all[0]?.url ?? '').replace(/^\/prod-api/, ''));
    expect(dl.status).toBe(200);

    // A file someone else uploaded, or no file at all, is refused naming fileIds.
    const theirs = await xmjl2.upload('别人的.pdf', Buffer.from('%PDF-1.7\nx'));
    const refused = await zhjy.post('/project/contract/uploadContractFiles', {
      contractId: id,
      fileIds: [theirs],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'fileIds' });
    // Another department's contract is not even visible to 建筑二所's project manager.
    expect((await xmjl2.get('/project/contract/getContractFiles', { contractId: id })).status).toBe(
      404,
    );

    await ok(
      zhjy.get('/project/contract/deleteContractFile', {
        contractFileId: all[1]?.contractFileId,
      }),
    );
    const left = (await ok(
      zhjy.get('/project/contract/getContractFiles', { contractId: id }),
    )) as unknown as unknown[];
    expect(left).toHaveLength(1);
    const detail = await ok(zhjy.get('/project/contract/detailById', { contractId: id }));
    const actions = (detail.history as { action: string; userName: string }[]).map((h) => h.action);
    expect(actions).toEqual([
      'add',
      'uploadContractFiles',
      'uploadContractFiles',
      'deleteContractFile',
    ]);
  });

  it('answers a repeated create or convert with the same Idempotency-Key with the first answer, once', async () => {
    const key = { 'Idempotency-Key': `stay-${kind}-1` };
    const first = await zhjy.post('/project/stay/add', { ...base, projectName: '幂等项目' }, key);
    const again = await zhjy.post('/project/stay/add', { ...base, projectName: '幂等项目' }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data.contractId).toBe(first.body.data.contractId);
    const list = await zhjy.get('/project/stay/list', { projectName: '幂等项目' });
    expect(list.body.total).toBe(1);

    const id = first.body.data.contractId as number;
    const convertKey = { 'Idempotency-Key': `convert-${kind}-1` };
    const conv = await zhjy
      .get('/project/contract/convertByStaySign', { contractId: id })
      .set(convertKey);
    const conv2 = await zhjy
      .get('/project/contract/convertByStaySign', { contractId: id })
      .set(convertKey);
    expect(conv.status).toBe(200);
    expect(conv2.status).toBe(200);
    expect(conv2.body.data).toEqual(conv.body.data);
    // Without the key, converting twice is refused.
    const twice = await zhjy.get('/project/contract/convertByStaySign', { contractId: id });
    expect(twice.status).toBe(422);
    // The same key on another call is refused, changing nothing.
    const reused = await zhjy.post(
      '/project/declare/add',
      { ...base, projectName: '幂等立项' },
      key,
    );
    expect(reused.status).toBe(422);
    expect((await zhjy.get('/project/declare/list', { projectName: '幂等立项' })).body.total).toBe(
      0,
    );
    const badKey = await zhjy.post('/project/stay/add', base, { 'Idempotency-Key': 'a b' });
    expect(badKey.status).toBe(400);
  });

  it('refuses editing an approved contract and reading another department’s contract without scope', async () => {
    const c = await ok(
      zhjy.post('/project/contract/addHistory', { ...base, projectName: '已审批项目' }),
    );
    const edit = await zhjy.post('/v4/contract/add', { ...base, contractId: c.contractId });
    expect(edit.status).toBe(422);
    expect(edit.body.msg).toBe('当前为“正式合同”，不能在此修改');
    // Nor deleted; a correction goes through a contract change.
    const del = await zhjy.get('/project/contract/deleteById', { contractId: c.contractId });
    expect(del.status).toBe(422);
    expect(del.body.msg).toBe('合同已审批通过，不能修改或删除');
    expect(
      (await xmjl2.get('/project/contract/detailById', { contractId: c.contractId })).status,
    ).toBe(404);
    for (const bad of [{ totalAmount: 12.5 }, { totalAmount: '1e3' }, { totalAmount: '-1' }]) {
      const r = await zhjy.post('/project/stay/add', { ...base, ...bad });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain('totalAmount');
    }
  });
});
