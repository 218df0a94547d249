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
 * The approval-centre lists a caller holds, each finding what it shows: `todo` (待我审批 with
 * 我已审批) what waits on them or what they acted on, `mine` (我发起的) what they drafted, `all`
 * (全部审批) the role's data scope with what they take part in or are copied.
 */
export interface ApprovalSearchReach {
  readonly todo: boolean;
  readonly mine: boolean;
  readonly all: boolean;
}

/**
 * Which kinds a caller may find: each only with its list screen's permission, exactly as the list
 * route checks it. Contracts by stage, since each stage is its own list (未签合同, 立项合同,
 * 合同列表); approvals by the approval-centre lists held.
 */
export interface SearchReach {
  readonly contractStages: readonly ContractStage[];
  readonly lixiang: boolean;
  readonly contractChild: boolean;
  readonly task: boolean;
  readonly approval: ApprovalSearchReach;
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
    approval: { todo: has(P.approvalTodo), mine: has(P.approvalMine), all: has(P.approvalAll) },
  };
}

/** Whether a reach finds any approval. */
export const reachesApprovals = ({ approval: a }: SearchReach): boolean =>
  a.todo || a.mine || a.all;

/** Whether a reach finds anything at all. */
export const reachesAny = (r: SearchReach): boolean =>
  r.contractStages.length > 0 || r.lixiang || r.contractChild || r.task || reachesApprovals(r);

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
  /** An approval the viewer drafted (their 我发起的 shows it), which decides its screen. */
  readonly drafted?: boolean;
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

/** The approval centre's screens (menu paths of the seeds). */
const APPROVAL_SCREEN = {
  todo: '/approval/todo',
  mine: '/approval/mine',
  all: '/approval/all',
} as const;

/**
 * The approval list that shows a hit to this caller: 全部审批 when held; else 我发起的 for their
 * own draft, 待我审批 (with 我已审批) for what waits on them or they acted on, as the repository
 * found it by the lists held. A menu the caller lacks would open a not-found page.
 */
function approvalScreenOf(row: SearchRow, a: ApprovalSearchReach): string {
  if (a.all) return APPROVAL_SCREEN.all;
  if (row.drafted === true && a.mine) return APPROVAL_SCREEN.mine;
  return a.todo ? APPROVAL_SCREEN.todo : APPROVAL_SCREEN.mine;
}

/**
 * The approval-centre list that opens an approval a notice (抄送, 催办) names: 全部审批 when
 * held, else 待我审批, else 我发起的; each opens any approval its reader may see from
 * `?approvalId=`. Undefined for someone who holds none of them.
 */
export function noticeScreenOf(a: ApprovalSearchReach): string | undefined {
  if (a.all) return APPROVAL_SCREEN.all;
  if (a.todo) return APPROVAL_SCREEN.todo;
  return a.mine ? APPROVAL_SCREEN.mine : undefined;
}

/**
 * The screen a hit opens for a caller of this reach: its list screen, told which record by a
 * query parameter.
 */
export function searchRouteOf(row: SearchRow, reach: SearchReach): string {
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
      // Each approval-centre list opens an approval's detail from ?approvalId=.
      return `${approvalScreenOf(row, reach.approval)}?approvalId=${id}`;
  }
}

/** The answer in display order, empty groups left out. */
export function searchGroupsOf(rows: readonly SearchRow[], reach: SearchReach): SearchGroup[] {
  return SEARCH_KINDS.map((kind) => ({
    kind,
    title: SEARCH_KIND_LABELS[kind],
    hits: rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ ...r, route: searchRouteOf(r, reach) })),
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
    return searchGroupsOf(await this.repository.search(keyword, reach, viewer, limit), reach);
  }
}
