import type { ListPage, PageRequest } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type Result } from '../shared/result.js';
import { runWrite, WriteAbort } from '../shared/write.js';
import type {
  FinishActor,
  FinishConfirmation,
  FinishConfirmInput,
  FinishContract,
  FinishContractRow,
  FinishFile,
  FinishTask,
  UncollectedSummary,
} from './finish.js';
import { finishErrors } from './finish-messages.js';
import {
  checkConfirmation,
  checkUnconfirmation,
  finishBlockers,
  parseFinishAmount,
  performUncollected,
} from './finish-rules.js';
import type {
  FinishManageFilter,
  FinishRepositories,
  FinishRepository,
} from './finish.repository.port.js';

type R<T> = Promise<Result<T>>;

/** The contract's finish view: the contract, its tasks, confirmations and files. */
export interface FinishOverview {
  readonly contract: FinishContract;
  readonly tasks: readonly FinishTask[];
  readonly files: readonly FinishFile[];
  /** Why the contract cannot be confirmed finished yet (empty: it can). */
  readonly blockers: readonly string[];
}

/**
 * Finish confirmation of a contract (001 §7 "Closed case and finish"): confirmed finished output
 * value per design task, performed but not collected, the finish files and the contract's finish.
 * Every call reads the contract under the caller's data scope; writes run in one transaction.
 */
export class FinishService {
  constructor(
    private readonly uow: UnitOfWork<FinishRepositories>,
    private readonly clock: { now(): Date },
  ) {}

  private read<T>(fn: (r: FinishRepository) => R<T>): R<T> {
    return this.uow.transaction((r) => fn(r.finish));
  }

  private write<T>(fn: (r: FinishRepository, now: Date) => R<T>): R<T> {
    return runWrite(
      this.uow,
      () => this.clock.now(),
      (r, now) => fn(r.finish, now),
    );
  }

  private async contract(
    r: FinishRepository,
    contractId: number,
    actor: FinishActor,
    forUpdate = false,
  ): Promise<FinishContract> {
    const c = await r.findContract(contractId, actor.scope, forUpdate);
    if (c === null) throw new WriteAbort(finishErrors.contractNotFound());
    return c;
  }

  private guarded<T>(fn: () => R<T>): R<T> {
    return fn().catch((e: unknown) => {
      if (e instanceof WriteAbort) return err(e.error);
      throw e;
    });
  }

  /** listByContractId: the contract with its tasks, files and what keeps it from finishing. */
  overview(contractId: number, actor: FinishActor): R<FinishOverview> {
    return this.guarded(() =>
      this.read(async (r) => {
        const contract = await this.contract(r, contractId, actor);
        const [tasks, files] = await Promise.all([r.tasks(contractId), r.files(contractId)]);
        return ok({
          contract,
          tasks,
          files,
          blockers: finishBlockers(contract, tasks, files.length),
        });
      }),
    );
  }

  /** getContractTask: the contract's tasks (for the confirmation form's choice). */
  tasks(contractId: number, actor: FinishActor): R<readonly FinishTask[]> {
    return this.guarded(() =>
      this.read(async (r) => {
        await this.contract(r, contractId, actor);
        return ok(await r.tasks(contractId));
      }),
    );
  }

  uncollected(contractId: number, actor: FinishActor): R<UncollectedSummary> {
    return this.guarded(() =>
      this.read(async (r) => {
        const c = await this.contract(r, contractId, actor);
        return ok(performUncollected(await r.tasks(contractId), c.backAmount));
      }),
    );
  }

  confirmations(contractId: number, actor: FinishActor): R<readonly FinishConfirmation[]> {
    return this.guarded(() =>
      this.read(async (r) => {
        await this.contract(r, contractId, actor);
        return ok(await r.confirmations(contractId));
      }),
    );
  }

  files(contractId: number, actor: FinishActor): R<readonly FinishFile[]> {
    return this.guarded(() =>
      this.read(async (r) => {
        await this.contract(r, contractId, actor);
        return ok(await r.files(contractId));
      }),
    );
  }

  /** confirmFinishAmount: adds a confirmed finished amount to one task of the contract. */
  confirm(input: FinishConfirmInput, actor: FinishActor): R<FinishConfirmation> {
    return this.write(async (r, now) => {
      const amount = parseFinishAmount(input.confirmFinishAmount);
      if (!amount.ok) return amount;
      const contract = await this.contract(r, input.contractId, actor, true);
      const task = await r.task(input.taskId, true);
      if (task === null || task.contractId !== contract.contractId)
        return err(finishErrors.taskNotFound());
      const after = checkConfirmation(contract, task, amount.value);
      if (!after.ok) return after;
      if (!(await r.setTaskFinishAmount(task, after.value, actor, now)))
        throw new Error('design task moved under its row lock');
      const id = await r.insertConfirmation(
        {
          contractId: contract.contractId,
          taskId: task.taskId,
          confirmFinishAmount: amount.value,
          beforeAmount: task.confirmFinishAmount,
          afterAmount: after.value,
          remark: (input.remark ?? '').trim(),
          userId: actor.userId,
          userName: actor.userName,
        },
        now,
      );
      const saved = await r.confirmation(id);
      if (saved === null) throw new Error('confirmation vanished after insert');
      return ok(saved);
    });
  }

  /** deleteConfirmFinishAmount: takes a confirmation back off its task. */
  unconfirm(id: number, actor: FinishActor): R<void> {
    return this.write(async (r, now) => {
      const c = await r.confirmation(id, true);
      if (c === null) return err(finishErrors.confirmationNotFound());
      const contract = await r.findContract(c.contractId, actor.scope, true);
      if (contract === null) return err(finishErrors.confirmationNotFound());
      const task = await r.task(c.taskId, true);
      if (task === null) return err(finishErrors.taskNotFound());
      const after = checkUnconfirmation(contract, task, c.confirmFinishAmount);
      if (!after.ok) return after;
      if (!(await r.setTaskFinishAmount(task, after.value, actor, now)))
        throw new Error('design task moved under its row lock');
      await r.removeConfirmation(id, now);
      return ok(undefined);
    });
  }

  /** uploadContractFinishFile: links stored files to the contract as its finish files. */
  uploadFiles(
    contractId: number,
    fileIds: readonly string[],
    actor: FinishActor,
  ): R<readonly FinishFile[]> {
    return this.write(async (r, now) => {
      if (fileIds.length === 0) return err(finishErrors.noFiles());
      const contract = await this.contract(r, contractId, actor, true);
      if (contract.stage !== 'formal') return err(finishErrors.notFormal());
      if (contract.finished) return err(finishErrors.finished());
      const unique = [...new Set(fileIds)];
      const found = await r.uploaded(unique, actor.fileOwnerId);
      if (found.length !== unique.length) return err(finishErrors.fileNotFound());
      const have = new Set((await r.files(contractId)).map((f) => f.fileId));
      await r.insertFiles(
        contractId,
        found.filter((f) => !have.has(f.fileId)),
        actor,
        now,
      );
      return ok(await r.files(contractId));
    });
  }

  /** confirmContractFinish: marks the contract finished once every condition holds. */
  confirmFinish(contractId: number, actor: FinishActor): R<FinishContract> {
    return this.write(async (r, now) => {
      const contract = await this.contract(r, contractId, actor, true);
      const [tasks, files] = await Promise.all([r.tasks(contractId), r.files(contractId)]);
      const blockers = finishBlockers(contract, tasks, files.length);
      if (blockers.length > 0) return err(finishErrors.conditions(blockers));
      await r.markFinished(contractId, actor, now);
      return ok(await this.contract(r, contractId, actor));
    });
  }

  /** serviceManagelist: formal contracts in scope with their finish figures. */
  manageList(
    filter: FinishManageFilter,
    page: PageRequest,
    actor: FinishActor,
  ): Promise<ListPage<FinishContractRow>> {
    return this.uow.transaction((r) => r.finish.manageList(filter, actor.scope, page));
  }
}
