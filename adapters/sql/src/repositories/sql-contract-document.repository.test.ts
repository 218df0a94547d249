import { ALL_DATA, type NewContractDocument } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import {
  SqlCompanySettingsSource,
  SqlContractDocumentRepository,
  SqlDocumentContractDirectory,
} from './sql-contract-document.repository.js';

const doc = (over: Partial<NewContractDocument> = {}): NewContractDocument => ({
  docType: 8,
  contractId: null,
  contractName: '绿色建筑咨询服务指导协议',
  values: { fwContent: '绿色建筑咨询', totalAmount: '3.45', signByMain: '某咨询公司' },
  totalAmount: '3.45',
  deptId: 110,
  userId: 3,
  createBy: 'xmjl',
  ...over,
});

describe.each(testDatabaseKinds())('ContractDocumentRepository on %s', (kind) => {
  let handle: DatabaseHandle;
  let docs: SqlContractDocumentRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    docs = new SqlContractDocumentRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('stores the fields as they were given and reads them back within the scope', async () => {
    const now = new Date('2026-11-20T08:00:00Z');
    const saved = await docs.insert(doc(), now);
    expect(saved).toMatchObject({
      docType: 8,
      contractId: null,
      values: { fwContent: '绿色建筑咨询', totalAmount: '3.45' },
      totalAmount: '3.45',
      status: -1,
      approvalId: null,
      version: 0,
    });
    expect(await docs.findById(saved.documentId, { kind: 'own', userId: 3 })).not.toBeNull();
    expect(await docs.findById(saved.documentId, { kind: 'own', userId: 4 })).toBeNull();
    expect(await docs.findById(saved.documentId, { kind: 'dept', deptIds: [110] })).not.toBeNull();
    expect(await docs.findById(saved.documentId, { kind: 'dept', deptIds: [111] })).toBeNull();
  });

  it('writes only at the expected version, and a deleted document is gone', async () => {
    const now = new Date();
    const saved = await docs.insert(doc(), now);
    const moved = await docs.save(saved.documentId, { status: 0, approvalId: '42' }, 0, now);
    expect(moved).toMatchObject({ status: 0, approvalId: '42', version: 1 });
    expect(await docs.save(saved.documentId, { status: 1 }, 0, now)).toBeNull();
    expect(await docs.lock(saved.documentId)).toBe(true);
    await docs.delete(saved.documentId, now);
    expect(await docs.lock(saved.documentId)).toBe(false);
    expect(await docs.findById(saved.documentId, null)).toBeNull();
    expect(await docs.save(saved.documentId, { status: 1 }, 1, now)).toBeNull();
  });

  it('lists by type, name and status, sorted by amount', async () => {
    const tag = `列表${kind}`;
    for (const amount of ['5', '1.5', '30']) {
      await docs.insert(
        doc({ docType: 7, contractName: `${tag}${amount}`, totalAmount: amount }),
        new Date(),
      );
    }
    const page = await docs.list(
      {
        filter: { docType: 7, contractName: tag, status: -1 },
        sort: { column: 'totalAmount', direction: 'asc' },
        page: { pageNum: 1, pageSize: 2 },
      },
      ALL_DATA,
    );
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.totalAmount)).toEqual(['1.5', '5']);
    const none = await docs.list({ filter: { contractName: tag } }, { kind: 'own', userId: 99 });
    expect(none.total).toBe(0);
  });

  it('refuses a type 1-7 document in approval without a contract, and type 8 with one', async () => {
    const saved = await docs.insert(doc({ docType: 7 }), new Date());
    await expect(docs.save(saved.documentId, { status: 0 }, 0, new Date())).rejects.toThrow();
    const contract = await handle.db
      .insertInto('contract')
      .values({
        stage: 'formal',
        project_name: '约束测试',
        contract_name: '约束测试合同',
        biz_source: '1',
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    await expect(
      docs.insert(doc({ contractId: contract.contract_id }), new Date()),
    ).rejects.toThrow();
    expect(
      await new SqlDocumentContractDirectory(handle.db).contract(contract.contract_id),
    ).toEqual({ contractId: contract.contract_id, projectName: '约束测试' });
    expect(await new SqlDocumentContractDirectory(handle.db).contract(999_999)).toBeNull();
  });

  it('reads party A from the company settings', async () => {
    const settings = await new SqlCompanySettingsSource(handle.db).current();
    expect(settings.signBySub).toBe('华东示范建筑设计研究院有限公司');
    expect(settings.subTaxpayerNum).toBe('913301007654321');
  });
});
