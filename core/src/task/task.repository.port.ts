import type { ApprovalStatus } from '../approval/approval-status.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { RecordAuthors, RecordPeople } from '../approval/linked-record-ports.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { WarnTask } from '../notify/notify-response.js';
import type { UrgentTaskRow } from './urgent-task-check.js';
import type { DomainError, Result } from '../shared/result.js';
import type {
  DesignTask,
  ResultSeal,
  TaskFields,
  TaskFileRef,
  TaskFinishAmountEntry,
  TaskMajor,
  TaskPay,
  TaskResult,
  TaskSignStep,
  TaskSongda,
} from './task.js';

/**
 * Who reads: the data scope of the caller's role, and the caller, who always sees the tasks they
 * take part in (design host, project manager or department confirmer) whatever the scope.
 */
export interface TaskViewer {
  readonly scope: DataScope;
  readonly userId: number;
}

export interface TaskListFilter {
  readonly contractId?: number;
  /** Contains, case-insensitive. */
  readonly taskNo?: string;
  readonly taskName?: string;
  readonly projectName?: string;
  readonly designStageId?: string;
  readonly designUserId?: number;
  readonly projectManagerId?: number;
  readonly deptId?: number;
  /** Steps confirmed (0..3). */
  readonly confirmed?: number;
  readonly finished?: boolean;
  readonly planFinishDateFrom?: string;
  readonly planFinishDateTo?: string;
}

export const TASK_SORT_COLUMNS = ['taskId', 'createTime', 'planFinishDate', 'taskNo'] as const;
export type TaskSortColumn = (typeof TASK_SORT_COLUMNS)[number];
export type TaskListQuery = ListQuery<TaskListFilter, TaskSortColumn>;

export interface NewTask {
  readonly fields: TaskFields;
  readonly taskNo: string;
  readonly designStageName: string;
  readonly majorList: readonly TaskMajor[];
  readonly deptId: number | null;
  readonly history: boolean;
  readonly confirmed: number;
  readonly userId: number;
  readonly createBy: string;
}

export interface TaskChanges {
  readonly fields?: TaskFields;
  readonly designStageName?: string;
  readonly majorList?: readonly TaskMajor[];
  readonly deptId?: number | null;
  readonly confirmed?: number;
  readonly finished?: boolean;
  readonly confirmFinishAmount?: string;
  readonly approvalStatus?: ApprovalStatus;
  readonly approvalId?: string | null;
  readonly deleted?: boolean;
}

export interface NewSignStep {
  readonly flowName: string;
  readonly orderNo: number;
  readonly dealUserId: number;
  /** A step recorded as done (history tasks). */
  readonly dealContent?: string;
}

/** A contract of the design lists (listByDesign): the document screens' project items. */
export interface DesignContract {
  readonly contractId: number;
  readonly projectName: string;
  readonly contractName: string;
  readonly contractNo: string;
  readonly tasks: readonly DesignTask[];
}

/**
 * A sheet's author (`authorOf`) is its creator; its people (`personOf` designUserId,
 * projectManagerId) are its design host and project manager as the live sheet names them now.
 */
export interface TaskRepository extends RecordAuthors, RecordPeople {
  list(query: TaskListQuery, viewer: TaskViewer): Promise<ListPage<DesignTask>>;
  /** Rows after `afterId` by taskId, for a streamed export. */
  listBatch(
    filter: TaskListFilter,
    viewer: TaskViewer,
    afterId: number,
    limit: number,
  ): Promise<readonly DesignTask[]>;
  /** Unscoped when `viewer` is null. */
  findById(taskId: number, viewer: TaskViewer | null): Promise<DesignTask | null>;
  /** Locks the live row until the transaction ends; false when there is none. */
  lock(taskId: number): Promise<boolean>;
  /** `TASK.DUPLICATE` when the number is taken. */
  insert(record: NewTask, now: Date): Promise<Result<DesignTask, DomainError>>;
  /** Writes when the stored version is still `expectedVersion`; null otherwise. */
  save(
    taskId: number,
    expectedVersion: number,
    changes: TaskChanges,
    now: Date,
  ): Promise<Result<DesignTask | null, DomainError>>;
  /** The next free number of the year: RW{year}-{seq}. */
  nextTaskNo(year: string): Promise<string>;
  signFlow(taskId: number): Promise<readonly TaskSignStep[]>;
  replaceSignFlow(taskId: number, steps: readonly NewSignStep[], now: Date): Promise<void>;
  sign(
    taskId: number,
    orderNo: number,
    dealContent: string,
    signUrl: string | null,
    now: Date,
  ): Promise<void>;
  /** The caller's unfinished tasks planned on or before `until`, oldest date first. */
  warnings(userId: number, until: string, limit: number): Promise<readonly WarnTask[]>;
  /** Everyone's unfinished tasks planned on or before `until` (the same rule as `warnings`). */
  urgentTasks(until: string): Promise<readonly UrgentTaskRow[]>;
  /** Contracts with tasks the viewer sees (or, with `contractId`, that one). */
  designContracts(
    viewer: TaskViewer,
    filter: { readonly projectName?: string; readonly contractId?: number },
  ): Promise<readonly DesignContract[]>;
}

/** What the task use cases look up around a task. */
export interface TaskDirectory {
  contract(contractId: number): Promise<{
    readonly contractId: number;
    readonly projectName: string;
    readonly contractName: string;
  } | null>;
  /** Whether a contract is visible: in the viewer's scope, or one of their tasks belongs to it. */
  contractVisible(contractId: number, viewer: TaskViewer): Promise<boolean>;
  /** Active user holding the role. */
  userHasRole(userId: number, roleKey: string): Promise<boolean>;
  deptHead(deptId: number): Promise<number | null>;
  stageName(designStageId: string): Promise<string | null>;
  /** The disciplines among `majorIds` that belong to the stage, in the stage's order. */
  majors(majorIds: readonly number[], designStageId: string): Promise<readonly TaskMajor[]>;
  /** Files the server issued and still holds, in the order asked; unknown ids are left out. */
  files(fileIds: readonly string[]): Promise<readonly TaskFileRef[]>;
  signUrl(userId: number): Promise<string | null>;
}

export const TASK_FILE_KINDS = [
  'task',
  'result',
  'acceptance',
  'contractDesign',
  'government',
  'songda',
  'sealImg',
  'sealScan',
  /** A stamped scan uploaded back on the result it stamps (owner: the result). */
  'resultScan',
] as const;
export type TaskFileKind = (typeof TASK_FILE_KINDS)[number];

/** A file linked to a task, result, contract, delivery or seal. */
export interface TaskFileLink extends TaskFileRef {
  readonly linkId: number;
  readonly kind: TaskFileKind;
  readonly ownerId: number;
  readonly userId: number;
  readonly createTime: Date;
}

export interface NewTaskResult {
  readonly taskId: number;
  readonly majorId: number | null;
  readonly majorName: string;
  readonly fileName: string;
  readonly fileProp: string;
  readonly memo: string;
  readonly history: boolean;
  readonly userId: number;
  readonly userName: string;
}

export interface TaskResultListFilter {
  readonly taskId?: number;
  readonly taskName?: string;
  readonly resultConfirmed?: boolean;
}

export type TaskResultRow = TaskResult & { readonly taskNo: string; readonly taskName: string };

export interface TaskResultRepository {
  insert(r: NewTaskResult, now: Date): Promise<number>;
  /** Unscoped; the use case checks the task. Locks when `lock`. */
  findById(resultId: number, lock?: boolean): Promise<TaskResult | null>;
  setConfirmed(
    resultId: number,
    which: 'result' | 'acceptance',
    userId: number,
    now: Date,
  ): Promise<void>;
  delete(resultId: number, now: Date): Promise<void>;
  listByTask(taskId: number): Promise<readonly TaskResult[]>;
  list(
    query: ListQuery<TaskResultListFilter, 'resultId'>,
    viewer: TaskViewer,
  ): Promise<ListPage<TaskResultRow>>;
  linkFiles(
    kind: TaskFileKind,
    ownerId: number,
    files: readonly TaskFileRef[],
    userId: number,
    now: Date,
  ): Promise<void>;
  listFiles(kind: TaskFileKind, ownerId: number): Promise<readonly TaskFileLink[]>;
  findFile(linkId: number): Promise<TaskFileLink | null>;
  unlinkFile(linkId: number, now: Date): Promise<void>;
  insertSongda(
    s: Omit<TaskSongda, 'songdaId' | 'files' | 'createTime'>,
    now: Date,
  ): Promise<number>;
  listSongda(taskId: number): Promise<readonly TaskSongda[]>;
  insertPay(p: Omit<TaskPay, 'payId' | 'createTime'>, now: Date): Promise<TaskPay>;
  listPays(taskId: number): Promise<readonly TaskPay[]>;
  appendFinishAmount(e: TaskFinishAmountEntry): Promise<void>;
  listFinishAmounts(taskId: number): Promise<readonly TaskFinishAmountEntry[]>;
}

export interface NewResultSeal {
  readonly taskId: number;
  readonly drawContent: string;
  readonly drawNum: number;
  readonly sealGoalContent: string;
  readonly unGuidangShowImg: string;
  readonly guidangShowImg: string;
  readonly sealCategory: string;
  readonly sealType: readonly string[];
  readonly sealTime: string | null;
  readonly userId: number;
  readonly userName: string;
}

export interface ResultSealListFilter {
  readonly taskId?: number;
  readonly taskName?: string;
  readonly status?: ApprovalStatus;
}

/**
 * A seal request's author (`authorOf`) is its applicant (its creator); its people (`personOf`
 * designUserId, projectManagerId) are those of the task it stamps.
 */
export interface ResultSealRepository extends RecordAuthors, RecordPeople {
  insert(s: NewResultSeal, now: Date): Promise<number>;
  findById(resultSealId: number, lock?: boolean): Promise<ResultSeal | null>;
  update(
    resultSealId: number,
    changes: Partial<NewResultSeal> & {
      readonly status?: ApprovalStatus;
      readonly approvalId?: string | null;
      readonly finishTime?: Date | null;
    },
    now: Date,
  ): Promise<void>;
  list(
    query: ListQuery<ResultSealListFilter, 'resultSealId'>,
    viewer: TaskViewer,
  ): Promise<ListPage<ResultSeal>>;
  listBatch(
    filter: ResultSealListFilter,
    viewer: TaskViewer,
    afterId: number,
    limit: number,
  ): Promise<readonly ResultSeal[]>;
  markSeen(resultSealId: number, userId: number, now: Date): Promise<void>;
  /** Names the results a request stamps (replacing those it named before). */
  setResults(resultSealId: number, resultIds: readonly number[]): Promise<void>;
  /** An approved seal the user asked for or takes part in (task host or manager), not yet opened. */
  hasUnseen(userId: number): Promise<boolean>;
}

export interface TaskRepositories {
  readonly tasks: TaskRepository;
  readonly directory: TaskDirectory;
  readonly results: TaskResultRepository;
  readonly seals: ResultSealRepository;
  /**
   * Sends task sheets (3_x), output values (4_x) and seal requests (13_1, 25_x) into approval
   * through the engine, in the caller's transaction.
   */
  readonly approvals: RecordApprovalPort;
  /** The warning threshold as configured (sys_config task.warn.days). */
  warnDays(): Promise<number>;
  /** The institute's time zone (sys_config sys.institute.timeZone): whose "today" counts. */
  timeZone(): Promise<string>;
}
