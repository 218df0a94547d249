import { ALL_DATA, searchReachOf, type DataScope, type SearchReach } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { insertGeneratedContracts, openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { searchKeyHex, SqlSearchRepository } from './sql-search.repository.js';

// Demo institute: 李项目 3 and 张主持 4 in 建筑一所 (110); 14 in 结构所 (112).
const everything: SearchReach = searchReachOf(['*:*:*']);
const dept110: DataScope = { kind: 'dept', deptIds: [110] };
const dept112: DataScope = { kind: 'dept', deptIds: [112] };

describe.each(testDatabaseKinds())('SqlSearchRepository on %s', (kind) => {
  let handle: DatabaseHandle;
  let search: SqlSearchRepository;
  let ours: number;
  let approvalId: number;

  const contract = async (no: string, name: string, party: string, dept: number, user: number) =>
    (
      await handle.db
        .insertInto('contract')
        .values({
          stage: 'formal',
          status: 1,
          project_name: `${name}项目`,
          contract_name: name,
          contract_no: no,
          sign_by_main: party,
          service_manager_name: '欧阳经理',
          biz_source: '1',
          dept_id: dept,
          user_id: user,
        })
        .returning('contract_id')
        .executeTakeFirstOrThrow()
    ).contract_id;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    search = new SqlSearchRepository(handle.db);
    ours = await contract('HT-2026-0417', '鹭洲翠微咨询合同', '鹭洲建设集团', 110, 3);
    await contract('HT-2026-0999', '雁荡翠微设计合同', '雁荡文旅公司', 112, 14);
    await handle.db
      .insertInto('lixiang')
      .values({
        contract_id: ours,
        lx_no: 'LX-88',
        project_name: '鹭洲立项',
        biz_source: '1',
        dept_id: 110,
        user_id: 3,
      })
      .execute();
    await handle.db
      .insertInto('contract_child')
      .values({
        contract_id: ours,
        contract_child_no: 'FB-7',
        child_type: 1,
        receive_company_name: '鼎力勘察公司',
        dept_id: 110,
        user_id: 3,
      })
      .execute();
    await sql`insert into design_task (contract_id, task_no, task_name, design_stage_id,
      design_user_id, project_manager_id, plan_finish_date, dept_id, user_id)
      values (${ours}, 'RW2026-0417', '鹭洲施工图', '3', 4, 3, date '2026-12-31', 110, 3)`.execute(
      handle.db,
    );
    const inserted = await sql<{ approval_id: number }>`insert into approval (type_code, kind,
      title, content, status, drafter_id, dept_id)
      values ('99', 'form', '雁荡用印申请', '{}', 0, 14, 112) returning approval_id`.execute(
      handle.db,
    );
    approvalId = inserted.rows[0]?.approval_id ?? 0;
  });
  afterAll(() => handle.close());

  const labels = async (
    keyword: string,
    scope: DataScope = ALL_DATA,
    userId = 1,
    reach = everything,
  ) =>
    (await search.search(keyword, reach, { userId, scope }, 5)).map((r) => `${r.kind}:${r.label}`);

  it('finds a contract by its number, a fragment of its name (Chinese), its party and its manager', async () => {
    expect(await labels('ht-2026-0417')).toEqual(['contract:鹭洲翠微咨询合同']);
    expect(await labels('翠微')).toEqual([
      'contract:雁荡翠微设计合同',
      'contract:鹭洲翠微咨询合同',
    ]);
    expect(await labels('鹭洲建设')).toEqual(['contract:鹭洲翠微咨询合同']);
    expect((await labels('欧阳经理')).filter((l) => l.startsWith('contract:'))).toHaveLength(2);
    const [hit] = await search.search('0417', everything, { userId: 1, scope: ALL_DATA }, 5);
    expect(hit).toMatchObject({
      kind: 'contract',
      id: ours,
      secondary: 'HT-2026-0417 · 鹭洲建设集团 · 欧阳经理',
      stage: 'formal',
    });
  });

  it('finds filings, sub-contracts, tasks (by the design host too) and approvals', async () => {
    expect(await labels('鹭洲立项')).toEqual(['lixiang:鹭洲立项']);
    expect(await labels('鼎力')).toEqual(['contractChild:鼎力勘察公司']);
    expect(await labels('鹭洲施工')).toEqual(['task:鹭洲施工图']);
    expect(await labels('张主持')).toContain('task:鹭洲施工图');
    expect(await labels('雁荡用印')).toEqual(['approval:雁荡用印申请']);
    expect(await labels(String(approvalId))).toContain('approval:雁荡用印申请');
  });

  it('does not match across two columns, and takes wildcards as text', async () => {
    // project_name '…项目' is followed (past an empty 委托单位) by sign_by_main '鹭洲…'.
    expect(await labels('项目鹭洲')).toEqual([]);
    expect(await labels('%')).toEqual([]);
    expect(await labels('_')).toEqual([]);
  });

  it('shows a 本部门 user only their department, and an approval only to who takes part in it', async () => {
    expect(await labels('翠微', dept110, 4)).toEqual(['contract:鹭洲翠微咨询合同']);
    expect(await labels('翠微', dept112, 14)).toEqual(['contract:雁荡翠微设计合同']);
    expect(await labels('鼎力', dept112, 14)).toEqual([]);
    expect(await labels('雁荡用印', dept110, 4)).toEqual([]);
    expect(await labels('雁荡用印', dept112, 14)).toEqual(['approval:雁荡用印申请']);
  });

  it('finds an approval without 全部审批 only through the lists held that show it', async () => {
    const todo = searchReachOf(['project:approval:list']);
    const mine = searchReachOf(['project:approvalMine:list']);
    // The role's scope widens approvals only for 全部审批.
    expect(await labels('雁荡用印', dept112, 5, todo)).toEqual([]);
    // Copied (抄送) only: 全部审批 shows it, 待我审批/我已审批 and 我发起的 do not.
    await handle.db
      .insertInto('approval_reader')
      .values({ approval_id: approvalId, user_id: 5 })
      .execute();
    expect(await labels('雁荡用印', dept110, 5, everything)).toEqual(['approval:雁荡用印申请']);
    expect(await labels('雁荡用印', dept110, 5, todo)).toEqual([]);
    // Waiting on 5: the 待我审批 list finds it, 我发起的 alone does not.
    await handle.db
      .insertInto('approval_pending')
      .values({ approval_id: approvalId, user_id: 5 })
      .execute();
    expect(await labels('雁荡用印', dept110, 5, todo)).toEqual(['approval:雁荡用印申请']);
    expect(await labels('雁荡用印', dept110, 5, mine)).toEqual([]);
    // Its drafter 14 finds it through 我发起的, told it is theirs; 待我审批 alone does not.
    const [own] = await search.search('雁荡用印', mine, { userId: 14, scope: dept112 }, 5);
    expect(own).toMatchObject({ kind: 'approval', id: approvalId, drafted: true });
    expect(await labels('雁荡用印', dept112, 14, todo)).toEqual([]);
    await handle.db.deleteFrom('approval_pending').where('approval_id', '=', approvalId).execute();
    expect(await labels('雁荡用印', dept110, 5, todo)).toEqual([]);
  });

  it('reads only the kinds within reach', async () => {
    const stayOnly = searchReachOf(['project:stay:list']);
    expect(await labels('鹭洲', ALL_DATA, 1, stayOnly)).toEqual([]);
  });

  it('answers a Chinese keyword from the trigram index, not a scan of the table', async () => {
    await insertGeneratedContracts(handle.db, 5000);
    const plan = await sql`explain (format json) select contract_id from contract
      where del_flag = '0' and dpms_search_key(contract_no, contract_name, project_name,
      entrust_business_name, sign_by_main, sign_by_sub, service_manager_name)
      like ${`%${searchKeyHex('翠微')}%`}`.execute(handle.db);
    expect(JSON.stringify(plan.rows)).toContain('contract_search');
    expect(await labels('翠微')).toHaveLength(2);
  });
});
