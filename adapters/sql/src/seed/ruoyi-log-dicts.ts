import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { seedDictsWhereAbsent } from './seed-dicts.js';
import { claimSeed } from './seed-claim.js';

/** The seed's name in dpms_seed: claimed once, so a dictionary an administrator removed stays removed. */
export const RUOYI_LOG_DICTS_SEED = 'dicts-ruoyi-logs-jobs';

/**
 * RuoYi's dictionaries behind 操作日志, 登录日志 and 定时任务, with its labels, values and tag
 * styles (ry_20260417.sql). RuoYi's own UI draws those lists' 操作类型, 状态 and 任务组名 columns
 * and filters from them, so without them the columns are blank.
 */
const DICTS = [
  {
    dictName: '操作类型',
    dictType: 'sys_oper_type',
    remark: '操作类型列表',
    items: [
      ['新增', '1', 'info'],
      ['修改', '2', 'info'],
      ['删除', '3', 'danger'],
      ['授权', '4', 'primary'],
      ['导出', '5', 'warning'],
      ['导入', '6', 'warning'],
      ['强退', '7', 'danger'],
      ['生成代码', '8', 'warning'],
      ['清空数据', '9', 'danger'],
      ['其他', '0', 'info'],
    ],
  },
  {
    dictName: '系统状态',
    dictType: 'sys_common_status',
    remark: '登录状态列表',
    items: [
      ['成功', '0', 'primary'],
      ['失败', '1', 'danger'],
    ],
  },
  {
    dictName: '任务分组',
    dictType: 'sys_job_group',
    remark: '任务分组列表',
    items: [
      ['默认', 'DEFAULT', ''],
      ['系统', 'SYSTEM', ''],
    ],
  },
  {
    dictName: '任务状态',
    dictType: 'sys_job_status',
    remark: '任务状态列表',
    items: [
      ['正常', '0', 'primary'],
      ['暂停', '1', 'danger'],
    ],
  },
] as const;

/**
 * The dictionaries above where absent, on new databases and on those seeded before: a named
 * seed like 服务监控's menu, since the demo dictionaries are seeded only once.
 */
export async function seedRuoYiLogDicts(trx: Transaction<Database>): Promise<void> {
  if (!(await claimSeed(trx, RUOYI_LOG_DICTS_SEED))) return;
  await seedDictsWhereAbsent(trx, DICTS);
}
