import type { ListPage, PageRequest } from '../platform/list-query.js';
import type { DataScope } from '../platform/data-scope.js';
import type {
  FinishConfirmation,
  FinishContract,
  FinishContractRow,
  FinishFile,
  FinishTask,
} from './finish.js';

export interface FinishManageFilter {
  readonly contractName?: string;
  readonly projectName?: string;
  /** true: finished only; false: not finished only. */
  readonly finished?: boolean;
}

/** The finish confirmation's records (contract_finish*, design_task's confirmed value). */
export interface FinishRepository {
  /** The contract under the caller's data scope; `forUpdate` locks its finish state. */
  findContract(
    contractId: number,
    scope: DataScope,
    forUpdate?: boolean,
  ): Promise<FinishContract | null>;
  /** The contract's live design tasks, by task number. */
  tasks(contractId: number): Promise<readonly FinishTask[]>;
  /** One live task; `forUpdate` locks it. */
  task(taskId: number, forUpdate?: boolean): Promise<FinishTask | null>;
  confirmations(contractId: number): Promise<readonly FinishConfirmation[]>;
  confirmation(id: number, forUpdate?: boolean): Promise<FinishConfirmation | null>;
  insertConfirmation(
    c: Omit<FinishConfirmation, 'id' | 'taskNo' | 'taskName' | 'nickName' | 'createTime'>,
    at: Date,
  ): Promise<number>;
  removeConfirmation(id: number, at: Date): Promise<void>;
  /**
   * Sets the task's confirmed value (optimistic on the task's version) and appends the change to
   * the task's finish-amount history; false when the task moved.
   */
  setTaskFinishAmount(
    task: FinishTask,
    after: string,
    actor: { readonly userId: number; readonly userName: string },
    at: Date,
  ): Promise<boolean>;
  files(contractId: number): Promise<readonly FinishFile[]>;
  /** Stored files among `fileIds` (uploaded by `ownerId` unless null). */
  uploaded(
    fileIds: readonly string[],
    ownerId: number | null,
  ): Promise<readonly { fileId: string; fileName: string; size: number }[]>;
  insertFiles(
    contractId: number,
    files: readonly { fileId: string; fileName: string; size: number }[],
    actor: { readonly userId: number; readonly userName: string },
    at: Date,
  ): Promise<void>;
  markFinished(
    contractId: number,
    actor: { readonly userId: number; readonly userName: string },
    at: Date,
  ): Promise<void>;
  manageList(
    filter: FinishManageFilter,
    scope: DataScope,
    page: PageRequest,
  ): Promise<ListPage<FinishContractRow>>;
}

export interface FinishRepositories {
  readonly finish: FinishRepository;
}
