import type { ContractStage } from '../contract/contract.js';
import type { DataScope } from '../platform/data-scope.js';
import { ALL_PERMISSION } from '../session/permission.js';

/** What the top bar's search finds, in the order it shows the groups. */
export const SEARCH_KINDS = ['contract', 'lixiang', 'contractChild', 'task', 'approval'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The group titles: the menu names of each kind's list screen (seeds, 001 §3). */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  contract: '合同',
  lixiang: '项目立项',
  contractChild: '分包合同',
  task: '设计任务',
  approval: '审批',
};

/**
 * Which kinds a caller may find: each only with its list screen's permission, exactly as the list
 * route checks it. Contracts by stage, since each stage is its own list (未签合同, 立项合同,
 * 合同列表); approvals when any approval-centre list is held, with the role's data scope only
 * for holders of 全部审批 (the others see their own, what they act on and what is copied to them,
 * as their lists show).
 */
export interface SearchReach {
  readonly contractStages: readonly ContractStage[];
  readonly lixiang: boolean;
  readonly contractChild: boolean;
  readonly task: boolean;
  readonly approval: 'none' | 'participant' | 'all';
}

export const SEARCH_PERMISSIONS = {
  contract: 'project:contract:list',
  stay: 'project:stay:list',
  declare: 'project:declare:list',
  lixiang: 'project:lixiang:list',
  contractChild: 'project:contractChild:list',
  task: 'project:designTask:list',
  approvalTodo: 'project:approval:list',
  approvalMine: 'project:approvalMine:list',
  approvalAll: 'project:approvalAll:list',
} as const;

export function searchReachOf(permissions: readonly string[]): SearchReach {
  const has = (p: string) => permissions.includes(ALL_PERMISSION) || permissions.includes(p);
  const P = SEARCH_PERMISSIONS;
  const stages: ContractStage[] = [];
  if (has(P.stay)) stages.push('stay');
  if (has(P.declare)) stages.push('declare');
  if (has(P.contract)) stages.push('contract', 'formal');
  return {
    contractStages: stages,
    lixiang: has(P.lixiang),
    contractChild: has(P.contractChild),
    task: has(P.task),
    approval: has(P.approvalAll)
      ? 'all'
      : has(P.approvalTodo) || has(P.approvalMine)
        ? 'participant'
        : 'none',
  };
}

/** Whether a reach finds anything at all. */
export const reachesAny = (r: SearchReach): boolean =>
  r.contractStages.length > 0 || r.lixiang || r.contractChild || r.task || r.approval !== 'none';

/** Who searches: the role's data scope (all for the admin) and the user. */
export interface SearchViewer {
  readonly userId: number;
  readonly scope: DataScope;
}

/** A record the repository found: its kind, id, title and one line that tells it apart. */
export interface SearchRow {
  readonly kind: SearchKind;
  readonly id: number;
  readonly label: string;
  /** Number, party, person: whichever of them the record has, joined by ' · '. */
  readonly secondary: string;
  /** A contract's stage, which decides the list screen that opens it. */
  readonly stage?: ContractStage;
}

export interface SearchHit extends SearchRow {
  /** The screen that shows the record (a menu path of the seeds), with the record's id. */
  readonly route: string;
}

export interface SearchGroup {
  readonly kind: SearchKind;
  readonly title: string;
  readonly hits: readonly SearchHit[];
}

const CONTRACT_SCREEN: Readonly<Record<ContractStage, string>> = {
  stay: '/project/unSignList',
  declare: '/project/approveList',
  contract: '/project/contractList',
  formal: '/project/contractList',
};

/** The screen a hit opens: its list screen, told which record by a query parameter. */
export function searchRouteOf(row: SearchRow): string {
  const id = String(row.id);
  switch (row.kind) {
    case 'contract':
      return `${CONTRACT_SCREEN[row.stage ?? 'contract']}?contractId=${id}`;
    case 'lixiang':
      return `/project/lixiang?lxId=${id}`;
    case 'contractChild':
      return `/project/contractChild?contractChildId=${id}`;
    case 'task':
      return `/project/designTask?taskId=${id}`;
    case 'approval':
      // 全部审批 opens an approval's detail from ?approvalId= (as the notice bell does).
      return `/approval/all?approvalId=${id}`;
  }
}

/** The answer in display order, empty groups left out. */
export function searchGroupsOf(rows: readonly SearchRow[]): SearchGroup[] {
  return SEARCH_KINDS.map((kind) => ({
    kind,
    title: SEARCH_KIND_LABELS[kind],
    hits: rows.filter((r) => r.kind === kind).map((r) => ({ ...r, route: searchRouteOf(r) })),
  })).filter((g) => g.hits.length > 0);
}

/** The search over every kind, within the reach and the viewer's scope, `limit` hits per kind. */
export interface SearchRepository {
  search(
    keyword: string,
    reach: SearchReach,
    viewer: SearchViewer,
    limit: number,
  ): Promise<readonly SearchRow[]>;
}

/** The use case: rows found within reach, grouped for the top bar. */
export class FindAnything {
  constructor(private readonly repository: SearchRepository) {}

  async run(
    keyword: string,
    permissions: readonly string[],
    viewer: SearchViewer,
    limit: number,
  ): Promise<SearchGroup[]> {
    const reach = searchReachOf(permissions);
    if (!reachesAny(reach)) return [];
    return searchGroupsOf(await this.repository.search(keyword, reach, viewer, limit));
  }
}
