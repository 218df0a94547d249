import {
  instituteDay,
  addDays,
  TASK_WARN_DAYS_CONFIG_KEY,
  TASK_WARN_DAYS_DEFAULT,
} from '@dpms/core';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { demoContractFeeColumns } from './demo-contracts.js';
import { signatureUrlOf } from '../repositories/sql-approval-rows.js';
import { claimSeed } from './seed-claim.js';

/**
 * Design tasks: the urgent-task threshold config in every mode, and in demo mode a few
 * formal contracts with task sheets across stages, disciplines and confirmation states, some
 * overdue and some due this week, so the design host `sjzc` sees the urgent dialog at first
 * sign-in. Claimed once by name, like the other seeds.
 */
export async function seedDesignTasks(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!(await claimSeed(trx, 'design-tasks'))) return;
  await trx
    .insertInto('sys_config')
    .values({
      config_name: '任务单预警天数（计划完成日期前多少天提醒）',
      config_key: TASK_WARN_DAYS_CONFIG_KEY,
      config_value: String(TASK_WARN_DAYS_DEFAULT),
      config_type: 'Y',
    })
    .onConflict((oc) => oc.column('config_key').doNothing())
    .execute();
  const demoUser = await trx
    .selectFrom('sys_user')
    .select('user_id')
    .where('user_name', '=', 'sjzc')
    .executeTakeFirst();
  if (!options.demo || demoUser === undefined) return;

  const now = options.now ?? new Date();
  const today = instituteDay(now);
  // A confirmed step carries its signer's image, as signing a task sheet stores it.
  const signatures = new Map(
    (
      await trx
        .selectFrom('sys_user')
        .select(['user_id', 'signature_file_id'])
        .where('signature_file_id', 'is not', null)
        .execute()
    ).map((u) => [u.user_id, signatureUrlOf(u.signature_file_id ?? '')]),
  );
  const year = today.slice(0, 4);
  const contracts = [
    ['滨江科创园', '滨江科创园建筑设计合同', 'RW-DEMO-HT-001', '1860'],
    ['西溪湿地游客中心', '西溪湿地游客中心景观设计合同', 'RW-DEMO-HT-002', '420'],
    ['城东实验学校', '城东实验学校结构设计合同', 'RW-DEMO-HT-003', '960'],
  ] as const;
  const contractIds: number[] = [];
  for (const [projectName, contractName, contractNo, total] of contracts) {
    const row = await trx
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        effective: true,
        project_name: projectName,
        contract_name: contractName,
        contract_no: contractNo,
        entrust_business_name: `${projectName}建设单位`,
        biz_source: '1',
        biz_type: '3',
        total_amount: total,
        clean_amount: total,
        sign_date: `${year}-01-15`,
        // The fee split core computes (a bare insert stored zero fees).
        ...(await demoContractFeeColumns(trx, {
          projectName,
          contractName,
          contractNo,
          bizSource: '1',
          bizType: '3',
          totalAmount: total,
          cleanAmount: total,
          signDate: `${year}-01-15`,
        })),
        entrust_list: JSON.stringify([
          { designStageId: '1', designStageName: '方案设计' },
          { designStageId: '3', designStageName: '施工图设计' },
        ]),
        dept_id: 110,
        user_id: 3,
        create_by: 'seed',
        create_time: now,
        update_time: now,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    contractIds.push(row.contract_id);
  }
  const at = (i: number): number => contractIds[i] ?? contractIds[0] ?? 0;
  const stage = { '1': '方案设计', '2': '初步设计', '3': '施工图设计' } as const;
  const majors = {
    '1': [
      { majorId: 1, majorName: '建筑' },
      { majorId: 2, majorName: '景观' },
    ],
    '2': [
      { majorId: 11, majorName: '建筑' },
      { majorId: 12, majorName: '结构' },
    ],
    '3': [
      { majorId: 21, majorName: '建筑' },
      { majorId: 22, majorName: '结构' },
      { majorId: 25, majorName: '电气' },
    ],
  } as const;
  // [contract, name, stage, days from today, confirmed steps, finished, host, manager, dept]
  const tasks: readonly (readonly [
    number,
    string,
    '1' | '2' | '3',
    number,
    number,
    boolean,
    number,
    number,
    number,
  ])[] = [
    [0, '科创园一期方案设计', '1', -6, 3, false, 4, 3, 110],
    [0, '科创园一期施工图设计', '3', 3, 1, false, 4, 3, 110],
    [0, '科创园二期方案设计', '1', 30, 0, false, 4, 3, 110],
    [1, '游客中心景观方案', '1', -2, 2, false, 4, 3, 110],
    [1, '游客中心初步设计', '2', 5, 0, false, 4, 5, 110],
    [1, '游客中心施工图设计', '3', -20, 3, true, 4, 3, 110],
    [2, '实验学校结构初步设计', '2', 2, 1, false, 14, 13, 112],
    [2, '实验学校施工图设计', '3', 45, 0, false, 14, 13, 112],
  ];
  const heads: Record<number, number> = { 110: 5, 112: 16 };
  let seq = 0;
  for (const [c, name, st, offset, confirmed, finished, host, manager, dept] of tasks) {
    seq += 1;
    const row = await trx
      .insertInto('design_task')
      .values({
        contract_id: at(c),
        task_no: `RW${year}-${String(seq).padStart(4, '0')}`,
        task_name: name,
        sub_item_name: name.slice(0, 5),
        task_result_name: `${stage[st]}成果`,
        design_stage_id: st,
        design_stage_name: stage[st],
        quality_type: seq % 2 === 0 ? '1' : '0',
        design_user_id: host,
        project_manager_id: manager,
        plan_finish_date: addDays(today, offset),
        remark: '按合同约定的深度和进度完成设计成果。',
        task_amount: String(20 + seq * 5),
        confirm_finish_amount: confirmed === 3 ? String(10 + seq * 2) : '0',
        major_list: JSON.stringify(majors[st]),
        confirmed,
        finished,
        dept_id: dept,
        user_id: manager,
        create_by: 'seed',
        create_time: now,
        update_time: now,
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    const steps = [
      ['设计主持', host],
      ['项目经理', manager],
      ['部门负责人', heads[dept] ?? 5],
    ] as const;
    await trx
      .insertInto('design_task_sign_flow')
      .values(
        steps.map(([flowName, user], i) => ({
          task_id: row.task_id,
          flow_name: flowName,
          order_no: i + 1,
          deal_user_id: user,
          deal_content: i < confirmed ? '同意' : null,
          deal_time: i < confirmed ? now : null,
          sign_url: i < confirmed ? (signatures.get(user) ?? null) : null,
        })),
      )
      .execute();
  }
}
