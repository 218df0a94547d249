import type { DataScope } from '../platform/data-scope.js';

/**
 * Finish confirmation (001 §4 "A contract finish is confirmed after finish files are uploaded",
 * §7 "Closed case and finish"): the output value confirmed finished per design task of a contract,
 * what is performed but not yet collected, the finish files and the contract's finish.
 * Amounts in 万元, canonical decimal strings.
 */

/** A design task of the contract as the finish rules read it. */
export interface FinishTask {
  readonly taskId: number;
  readonly contractId: number;
  readonly taskNo: string;
  readonly taskName: string;
  readonly designStageName: string;
  readonly deptId: number | null;
  readonly deptName: string;
  readonly qualityType: '0' | '1';
  /** 0..3 confirmation steps done; 3 = confirmed by the department. */
  readonly confirmed: number;
  readonly taskAmount: string;
  /** The task's confirmed finished output value so far (cumulative). */
  readonly confirmFinishAmount: string;
  /** Ready pay (产值发放) paid out of the confirmed value. */
  readonly readyPaid: string;
  /** Back money allotted to the task. */
  readonly backAllotted: string;
  readonly version: number;
}

/** One confirmation of finished output value on a task (confirmFinishAmount; deleted by id). */
export interface FinishConfirmation {
  readonly id: number;
  readonly contractId: number;
  readonly taskId: number;
  readonly taskNo: string;
  readonly taskName: string;
  /** The amount this confirmation added, > 0. */
  readonly confirmFinishAmount: string;
  /** The task's confirmed value before and after this confirmation. */
  readonly beforeAmount: string;
  readonly afterAmount: string;
  readonly remark: string;
  readonly userId: number;
  /** Who confirmed: the login, and the name the screens show (see personNameOf). */
  readonly userName: string;
  readonly nickName: string;
  readonly createTime: Date | null;
}

/** A finish file: a stored file linked to the contract as proof of its finish. */
export interface FinishFile {
  readonly finishFileId: number;
  readonly contractId: number;
  readonly fileId: string;
  readonly fileName: string;
  readonly size: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date | null;
}

/** The contract as the finish rules read it. */
export interface FinishContract {
  readonly contractId: number;
  readonly stage: string;
  readonly contractNo: string;
  readonly contractName: string;
  readonly projectName: string;
  readonly deptId: number | null;
  readonly deptName: string;
  readonly userId: number;
  readonly totalAmount: string;
  /** Σ live back money of the contract. */
  readonly backAmount: string;
  readonly finished: boolean;
  readonly finishTime: Date | null;
  readonly finishBy: string;
}

/** A row of serviceManagelist: a formal contract with its finish figures. */
export interface FinishContractRow extends FinishContract {
  readonly taskAmount: string;
  readonly confirmFinishAmount: string;
  readonly fileCount: number;
}

export interface FinishActor {
  readonly userId: number;
  readonly userName: string;
  readonly scope: DataScope;
  /** null: an administrator may link anyone's uploads; else only the caller's own. */
  readonly fileOwnerId: number | null;
}

export interface FinishConfirmInput {
  readonly contractId: number;
  readonly taskId: number;
  readonly confirmFinishAmount: unknown;
  readonly remark?: string;
}

/** One row of performUncollectedList. */
export interface UncollectedRow {
  readonly taskId: number;
  readonly taskNo: string;
  readonly taskName: string;
  readonly taskAmount: string;
  /** 已履约: the confirmed finished output value. */
  readonly performedAmount: string;
  /** 已收款: back money allotted to the task. */
  readonly collectedAmount: string;
  /** 已履约未收款 = max(performed − collected, 0). */
  readonly uncollectedAmount: string;
}

export interface UncollectedSummary {
  readonly rows: readonly UncollectedRow[];
  readonly performedAmount: string;
  /** Σ back money received on the contract (allotted or not). */
  readonly backAmount: string;
  /** max(Σ performed − back money received, 0). */
  readonly uncollectedAmount: string;
}
