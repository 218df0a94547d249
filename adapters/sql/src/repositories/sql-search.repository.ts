import type {
  ApprovalSearchReach,
  ContractStage,
  SearchReach,
  SearchRepository,
  SearchRow,
  SearchViewer,
} from '@dpms/core';
import { reachesApprovals } from '@dpms/core';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { approvalActedBy, approvalVisible, approvalWaitingOn } from './sql-approval.repository.js';
import { containsPattern, type Db, scoped } from './sql-helpers.js';
import { taskVisible } from './sql-task-rows.js';

/**
 * The keyword as migration 0112's search key holds text: lower-cased the way `lower` does under
 * the C locale (ASCII only), its UTF-8 bytes in hex.
 */
export const searchKeyHex = (keyword: string): string =>
  Buffer.from(
    keyword.replace(/[A-Z]/g, (c) => c.toLowerCase()),
    'utf8',
  ).toString('hex');

/**
 * `dpms_search_key(columns…) like '%hex%'`: the condition the GIN trigram index of migration 0112
 * answers. Written exactly as the index expression (the same columns in the same order), or
 * PostgreSQL would not use it.
 */
const keyLike = (columns: readonly string[], hex: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`dpms_search_key(${sql.join(columns.map((c) => sql.ref(c)))}) like ${`%${hex}%`}`;

/** The recheck on the columns themselves: drops a hex match across a byte boundary. */
const anyContains = (columns: readonly string[], pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`${sql.ref(c)} ilike ${pattern}`),
    sql` or `,
  )})`;

/** Users whose nick name holds the keyword (a person searched by name), as a subquery. */
const peopleNamed = (pattern: string) =>
  sql`(select u.user_id from sys_user u where u.del_flag = '0' and u.nick_name ilike ${pattern})`;

const line = (...parts: readonly (string | null | undefined)[]): string =>
  parts.filter((p): p is string => p !== null && p !== undefined && p !== '').join(' · ');

const CONTRACT_KEY = [
  'contract.contract_no',
  'contract.contract_name',
  'contract.project_name',
  'contract.entrust_business_name',
  'contract.sign_by_main',
  'contract.sign_by_sub',
  'contract.service_manager_name',
];
const LIXIANG_KEY = ['lixiang.lx_no', 'lixiang.project_name'];
const CHILD_KEY = ['cc.contract_child_no', 'cc.receive_company_name'];
const TASK_KEY = ['design_task.task_no', 'design_task.task_name', 'design_task.sub_item_name'];
const APPROVAL_KEY = ['a.title'];

/**
 * The top bar's search over contracts, filings, sub-contracts, design tasks and approvals. Each
 * kind is read under the very scope condition its list screen applies (`scopeCondition`,
 * `taskVisible`, `approvalVisible`), newest first, `limit` rows per kind.
 */
export class SqlSearchRepository implements SearchRepository {
  constructor(private readonly db: Db) {}

  async search(
    keyword: string,
    reach: SearchReach,
    viewer: SearchViewer,
    limit: number,
  ): Promise<readonly SearchRow[]> {
    const hex = searchKeyHex(keyword);
    const pattern = containsPattern(keyword);
    const parts = await Promise.all([
      reach.contractStages.length > 0
        ? this.contracts(hex, pattern, reach.contractStages, viewer, limit)
        : [],
      reach.lixiang ? this.filings(hex, pattern, viewer, limit) : [],
      reach.contractChild ? this.subContracts(hex, pattern, viewer, limit) : [],
      reach.task ? this.tasks(hex, pattern, viewer, limit) : [],
      reachesApprovals(reach)
        ? this.approvals(keyword, hex, pattern, reach.approval, viewer, limit)
        : [],
    ]);
    return parts.flat();
  }

  private async contracts(
    hex: string,
    pattern: string,
    stages: readonly ContractStage[],
    viewer: SearchViewer,
    limit: number,
  ): Promise<SearchRow[]> {
    const rows = await this.db
      .selectFrom('contract')
      .select([
        'contract.contract_id',
        'contract.contract_name',
        'contract.contract_no',
        'contract.sign_by_main',
        'contract.entrust_business_name',
        'contract.service_manager_name',
        'contract.stage',
      ])
      .where('contract.del_flag', '=', '0')
      .where('contract.stage', 'in', [...stages])
      .where(
        (eb) => scoped(eb as never, viewer.scope, 'contract.dept_id', 'contract.user_id') as never,
      )
      .where(keyLike(CONTRACT_KEY, hex))
      .where(anyContains(CONTRACT_KEY, pattern))
      .orderBy('contract.contract_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      kind: 'contract',
      id: r.contract_id,
      label: r.contract_name,
      secondary: line(
        r.contract_no,
        r.sign_by_main || r.entrust_business_name,
        r.service_manager_name,
      ),
      stage: r.stage,
    }));
  }

  private async filings(
    hex: string,
    pattern: string,
    viewer: SearchViewer,
    limit: number,
  ): Promise<SearchRow[]> {
    const rows = await this.db
      .selectFrom('lixiang')
      .select(['lixiang.lx_id', 'lixiang.project_name', 'lixiang.lx_no'])
      .where('lixiang.del_flag', '=', '0')
      .where(
        (eb) => scoped(eb as never, viewer.scope, 'lixiang.dept_id', 'lixiang.user_id') as never,
      )
      .where(keyLike(LIXIANG_KEY, hex))
      .where(anyContains(LIXIANG_KEY, pattern))
      .orderBy('lixiang.lx_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      kind: 'lixiang',
      id: r.lx_id,
      label: r.project_name,
      secondary: line(r.lx_no),
    }));
  }

  private async subContracts(
    hex: string,
    pattern: string,
    viewer: SearchViewer,
    limit: number,
  ): Promise<SearchRow[]> {
    const rows = await this.db
      .selectFrom('contract_child as cc')
      .innerJoin('contract as c', 'c.contract_id', 'cc.contract_id')
      .select([
        'cc.contract_child_id',
        'cc.contract_child_no',
        'cc.receive_company_name',
        'c.contract_name',
      ])
      .where('cc.del_flag', '=', '0')
      .where((eb) => scoped(eb as never, viewer.scope, 'cc.dept_id', 'cc.user_id') as never)
      .where(keyLike(CHILD_KEY, hex))
      .where(anyContains(CHILD_KEY, pattern))
      .orderBy('cc.contract_child_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      kind: 'contractChild',
      id: r.contract_child_id,
      label: r.receive_company_name || r.contract_name,
      secondary: line(r.contract_child_no, r.contract_name),
    }));
  }

  private async tasks(
    hex: string,
    pattern: string,
    viewer: SearchViewer,
    limit: number,
  ): Promise<SearchRow[]> {
    const people = peopleNamed(pattern);
    const rows = await this.db
      .selectFrom('design_task')
      .leftJoin('sys_user as host', 'host.user_id', 'design_task.design_user_id')
      .select([
        'design_task.task_id',
        'design_task.task_no',
        'design_task.task_name',
        'host.nick_name as host_name',
      ])
      .where('design_task.del_flag', '=', '0')
      .where((eb) => taskVisible(eb as never, viewer) as never)
      .where(
        sql<SqlBool>`((${keyLike(TASK_KEY, hex)} and ${anyContains(TASK_KEY, pattern)})
          or design_task.design_user_id in ${people}
          or design_task.project_manager_id in ${people})`,
      )
      .orderBy('design_task.task_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      kind: 'task',
      id: r.task_id,
      label: r.task_name,
      secondary: line(r.task_no, r.host_name),
    }));
  }

  private async approvals(
    keyword: string,
    hex: string,
    pattern: string,
    reach: ApprovalSearchReach,
    viewer: SearchViewer,
    limit: number,
  ): Promise<SearchRow[]> {
    const uid = viewer.userId;
    const byNumber: Expression<SqlBool>[] = /^\d{1,9}$/.test(keyword)
      ? [sql<SqlBool>`a.approval_id = ${Number(keyword)}`]
      : [];
    const rows = await this.db
      .selectFrom('approval as a')
      .innerJoin('sys_user as u', 'u.user_id', 'a.drafter_id')
      .select(['a.approval_id', 'a.title', 'a.drafter_id', 'u.nick_name'])
      .where('a.del_flag', '=', '0')
      // Exactly what the lists held show: 全部审批 by the role's scope; without it, what waits on
      // the viewer or they acted on (待我审批/我已审批) and what they drafted (我发起的), never
      // an approval they are only copied (抄送), which no list of theirs shows.
      .where((eb) =>
        reach.all
          ? (approvalVisible(eb as never, uid, viewer.scope) as never)
          : eb.or([
              ...(reach.todo
                ? [
                    approvalWaitingOn(eb as never, uid) as never,
                    approvalActedBy(eb as never, uid) as never,
                  ]
                : []),
              ...(reach.mine ? [eb('a.drafter_id', '=', uid)] : []),
            ]),
      )
      .where((eb) =>
        eb.or([
          ...byNumber,
          sql<SqlBool>`(${keyLike(APPROVAL_KEY, hex)} and ${anyContains(APPROVAL_KEY, pattern)})`,
          sql<SqlBool>`a.drafter_id in ${peopleNamed(pattern)}`,
        ]),
      )
      .orderBy('a.approval_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      kind: 'approval',
      id: r.approval_id,
      label: r.title,
      secondary: line(`#${String(r.approval_id)}`, r.nick_name),
      drafted: r.drafter_id === uid,
    }));
  }
}
