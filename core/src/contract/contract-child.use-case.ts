import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import type { ContractRepository } from './contract.repository.port.js';
import type { ContractActor, ContractClock } from './contract.use-case.js';
import { contractErrors } from './contract-rules.js';
import {
  childErrors,
  isChildChangeable,
  validateChildPay,
  validateContractChild,
  withinChildTotal,
  type ChildPay,
  type ChildPayInput,
  type ContractChild,
  type ContractChildInput,
  type ContractChildRepository,
} from './contract-child.js';

export interface ContractChildRepositories {
  readonly contracts: ContractRepository;
  readonly children: ContractChildRepository;
}

class Abort extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

/**
 * Sub-contracts (contractChild) and their pay items. A sub-contract hangs on a contract the caller
 * may see that is past the unsigned and declared stages; its pay items add up to at most its
 * amount, each with its net pay computed by core's `netPay`.
 */
export class ContractChildService {
  constructor(
    private readonly uow: UnitOfWork<ContractChildRepositories>,
    private readonly clock: ContractClock,
  ) {}

  add(
    input: ContractChildInput,
    actor: ContractActor,
    history = false,
  ): Promise<Result<ContractChild>> {
    return this.write(async (r, now) => {
      const fields = validateContractChild(input);
      if (!fields.ok) return fields;
      const parent = await r.contracts.findById(fields.value.contractId, actor.scope);
      if (parent === null) return err({ ...contractErrors.notFound(), field: 'contractId' });
      if (parent.stage === 'stay' || parent.stage === 'declare')
        return err(childErrors.parentStage());
      return ok(
        await r.children.insert(
          fields.value,
          {
            history,
            status: history ? 1 : -1,
            deptId: actor.deptId,
            userId: actor.userId,
            createBy: actor.userName,
          },
          now,
        ),
      );
    });
  }

  listByContract(contractId: number, actor: ContractActor): Promise<readonly ContractChild[]> {
    return this.uow.transaction((r) => r.children.listByContract(contractId, actor.scope));
  }

  detail(
    contractChildId: number,
    actor: ContractActor,
  ): Promise<Result<{ child: ContractChild; pays: readonly ChildPay[] }>> {
    return this.uow.transaction(async (r) => {
      const child = await r.children.findById(contractChildId, actor.scope);
      if (child === null) return err(childErrors.notFound());
      return ok({ child, pays: await r.children.listPays(contractChildId) });
    });
  }

  delete(contractChildId: number, actor: ContractActor): Promise<Result<ContractChild>> {
    return this.write(async (r) => {
      const child = await this.child(r, contractChildId, actor);
      if (!isChildChangeable(child)) return err(childErrors.final());
      if ((await r.children.listPays(contractChildId)).length > 0)
        return err(childErrors.hasPays());
      await r.children.softDelete(contractChildId);
      return ok(child);
    });
  }

  insertPay(
    contractChildId: number,
    input: ChildPayInput,
    actor: ContractActor,
  ): Promise<Result<ChildPay>> {
    return this.write(async (r, now) => {
      const child = await this.child(r, contractChildId, actor);
      const pay = validateChildPay(input);
      if (!pay.ok) return pay;
      const paid = await r.children.paidTotal(contractChildId);
      if (!withinChildTotal(child.totalAmount, paid, pay.value.payAmount)) {
        return err(childErrors.overpaid(child.totalAmount));
      }
      return ok(await r.children.insertPay(contractChildId, pay.value, actor.userId, now));
    });
  }

  updatePay(payId: number, input: ChildPayInput, actor: ContractActor): Promise<Result<ChildPay>> {
    return this.write(async (r, now) => {
      const existing = await r.children.findPay(payId);
      if (existing === null) return err(childErrors.payNotFound());
      const child = await this.child(r, existing.contractChildId, actor);
      const pay = validateChildPay(input);
      if (!pay.ok) return pay;
      const paid = await r.children.paidTotal(child.contractChildId, payId);
      if (!withinChildTotal(child.totalAmount, paid, pay.value.payAmount)) {
        return err(childErrors.overpaid(child.totalAmount));
      }
      return ok(await r.children.updatePay(payId, pay.value, now));
    });
  }

  deletePay(payId: number, actor: ContractActor): Promise<Result<ChildPay>> {
    return this.write(async (r) => {
      const existing = await r.children.findPay(payId);
      if (existing === null) return err(childErrors.payNotFound());
      await this.child(r, existing.contractChildId, actor);
      await r.children.deletePay(payId);
      return ok(existing);
    });
  }

  private async child(
    r: ContractChildRepositories,
    id: number,
    actor: ContractActor,
  ): Promise<ContractChild> {
    const child = await r.children.findById(id, actor.scope);
    if (child === null) throw new Abort(childErrors.notFound());
    return child;
  }

  private async write<T>(
    fn: (r: ContractChildRepositories, now: Date) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    try {
      return await this.uow.transaction(async (r) => {
        const result = await fn(r, this.clock.now());
        if (!result.ok) throw new Abort(result.error);
        return result;
      });
    } catch (e) {
      if (e instanceof Abort) return err(e.error);
      throw e;
    }
  }
}
