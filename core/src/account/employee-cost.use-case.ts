import { reserveFunds } from '../fees/fee-tips.js';
import type { ListPage } from '../platform/list-query.js';
import { err, ok } from '../shared/result.js';
import type { WriteIdempotency } from '../shared/write.js';
import type { AccountActor, EmployeeCost, EmployeeCostTotal } from './account.js';
import { accountErrors } from './account-messages.js';
import { checkEmployeeCostLine, type EmployeeCostInput } from './account-input.js';
import {
  checkMonth,
  employeeCostTotal,
  employeeCostTotals,
  findCostDuplicates,
  type CostImportDuplicate,
} from './account-rules.js';
import type {
  AccountRepositories,
  EmployeeCostFilter,
  EmployeeCostQuery,
  NewEmployeeCost,
} from './account.repository.port.js';
import { AccountService, found, pages, type R } from './account-service.js';

// ---- employee costs ------------------------------------------------------------------------------

export interface CostImportCheck {
  readonly duplicates: readonly CostImportDuplicate[];
  readonly total: number;
}

/**
 * Employee cost records (/v4/contract/employe, /contract/employe): one line per employee and month
 * with salary, social insurance, housing fund and other costs; totals by month and department.
 * These are the institute's rigid costs the fund plan reads (`rigidCostsByMonth`).
 */
export class EmployeeCostService extends AccountService {
  list(q: EmployeeCostQuery, actor: AccountActor): Promise<ListPage<EmployeeCost>> {
    return this.uow.transaction((r) => r.employeeCosts.list(q, actor.scope));
  }

  detail(costId: number, actor: AccountActor): R<EmployeeCost> {
    return this.uow.transaction(async (r) => {
      const c = await r.employeeCosts.get(costId, actor.scope);
      return found(c, accountErrors.costNotFound);
    });
  }

  /** Totals by month and department over the filter (a year or a month), under the scope. */
  totals(filter: EmployeeCostFilter, actor: AccountActor): Promise<EmployeeCostTotal[]> {
    return this.uow.transaction(async (r) =>
      employeeCostTotals(await r.employeeCosts.lines(filter, actor.scope)),
    );
  }

  async *exportRows(filter: EmployeeCostFilter, actor: AccountActor): AsyncGenerator<EmployeeCost> {
    yield* pages(
      (before, batch) =>
        this.uow.transaction((r) =>
          r.employeeCosts.exportBatch(filter, actor.scope, before, batch),
        ),
      (row) => row.costId,
    );
  }

  /** Checks a line and resolves its employee and department under the caller's scope. */
  private static async line(
    r: AccountRepositories,
    input: EmployeeCostInput,
    actor: AccountActor,
  ): R<NewEmployeeCost> {
    const checked = checkEmployeeCostLine(input);
    if (!checked.ok) return checked;
    const { costMonth, amounts, remark } = checked.value;
    const employee = await r.directory.employee(input.employeeId ?? 0);
    if (employee === null) return err(accountErrors.employeeNotFound());
    const deptId = input.deptId ?? employee.deptId;
    if (deptId === null || deptId === undefined) return err(accountErrors.required('deptId'));
    if ((await r.directory.deptName(deptId)) === null) return err(accountErrors.deptNotFound());
    if (!(await r.directory.deptVisible(actor.scope, deptId, employee.userId)))
      return err(accountErrors.outOfScope('deptId'));
    return ok({
      employeeId: employee.userId,
      employeeName: employee.userName,
      deptId,
      costMonth,
      ...amounts,
      totalCost: employeeCostTotal(amounts),
      remark,
    });
  }

  add(input: EmployeeCostInput, actor: AccountActor, idem?: WriteIdempotency): R<EmployeeCost> {
    return this.write(async (r, at) => {
      const line = await EmployeeCostService.line(r, input, actor);
      if (!line.ok) return line;
      if ((await r.employeeCosts.findMonth(line.value.employeeId, line.value.costMonth)) !== null)
        return err(accountErrors.duplicateMonth(line.value.costMonth));
      const id = await r.employeeCosts.insert(line.value, actor, at);
      const c = await r.employeeCosts.get(id, actor.scope);
      return found(c, accountErrors.costNotFound);
    }, idem);
  }

  update(
    costId: number,
    input: EmployeeCostInput & { version?: number },
    actor: AccountActor,
  ): R<EmployeeCost> {
    return this.write(async (r, at) => {
      const c = await r.employeeCosts.get(costId, actor.scope, true);
      if (c === null) return err(accountErrors.costNotFound());
      if (input.version !== undefined && input.version !== c.version)
        return err(accountErrors.stale());
      const line = await EmployeeCostService.line(
        r,
        {
          employeeId: input.employeeId ?? c.employeeId,
          deptId: input.deptId ?? c.deptId,
          costMonth: input.costMonth ?? c.costMonth,
          salary: input.salary ?? c.salary,
          socialInsurance: input.socialInsurance ?? c.socialInsurance,
          housingFund: input.housingFund ?? c.housingFund,
          otherCost: input.otherCost ?? c.otherCost,
          remark: input.remark ?? c.remark,
        },
        actor,
      );
      if (!line.ok) return line;
      if (
        (await r.employeeCosts.findMonth(line.value.employeeId, line.value.costMonth, costId)) !==
        null
      )
        return err(accountErrors.duplicateMonth(line.value.costMonth));
      if (!(await r.employeeCosts.update(costId, c.version, line.value, at)))
        return err(accountErrors.stale());
      const saved = await r.employeeCosts.get(costId, actor.scope);
      return found(saved, accountErrors.costNotFound);
    });
  }

  remove(costId: number, actor: AccountActor): R<void> {
    return this.write(async (r, at) => {
      const c = await r.employeeCosts.get(costId, actor.scope, true);
      if (c === null) return err(accountErrors.costNotFound());
      await r.employeeCosts.remove(costId, at);
      return ok(undefined);
    });
  }

  /** The rows of an import that repeat a month of an employee, in the batch or already recorded. */
  importCheck(rows: readonly { employeeId: number; costMonth: unknown }[]): R<CostImportCheck> {
    return this.uow.transaction(async (r) => {
      const keys: { employeeId: number; costMonth: string }[] = [];
      for (const [i, row] of rows.entries()) {
        const m = checkMonth(row.costMonth, `rows[${String(i)}].costMonth`);
        if (!m.ok) return m;
        keys.push({ employeeId: row.employeeId, costMonth: m.value });
      }
      const existing = await r.employeeCosts.existingKeys(keys);
      return ok({ duplicates: findCostDuplicates(keys, existing), total: rows.length });
    });
  }

  /** Imports every row or none: any duplicate or bad row refuses the whole batch. */
  import(rows: readonly EmployeeCostInput[], actor: AccountActor): R<{ imported: number }> {
    return this.write(async (r, at) => {
      const lines: NewEmployeeCost[] = [];
      for (const [i, row] of rows.entries()) {
        const line = await EmployeeCostService.line(r, row, actor);
        if (!line.ok)
          return err({
            ...line.error,
            message: `第${String(i + 1)}行：${line.error.message}`,
            field: `rows[${String(i)}].${line.error.field ?? ''}`,
          });
        lines.push(line.value);
      }
      const existing = await r.employeeCosts.existingKeys(lines);
      const dups = findCostDuplicates(lines, existing);
      if (dups.length > 0) return err(accountErrors.duplicateRows(dups.length));
      for (const l of lines) await r.employeeCosts.insert(l, actor, at);
      return ok({ imported: lines.length });
    });
  }

  /** The rigid costs of a department's month (deptId null: the institute), and the reserve they ask. */
  rigidCosts(
    deptId: number | null,
    month: string,
  ): R<{ rigidCosts: string; reserveFunds: string }> {
    const m = checkMonth(month, 'month');
    if (!m.ok) return Promise.resolve(m);
    return this.uow.transaction(async (r) => {
      const cost = await rigidCostsByMonth(r, deptId, m.value);
      return ok({ rigidCosts: cost, reserveFunds: reserveFunds(cost) });
    });
  }
}

/**
 * The rigid costs of a department's month: Σ the total cost of its employee cost records
 * (deptId null: every department). For the fund plan's tips rule (reserve funds = two months of
 * rigid costs, `reserveFunds`). Reads inside the caller's transaction.
 */
export function rigidCostsByMonth(
  r: Pick<AccountRepositories, 'employeeCosts'>,
  deptId: number | null,
  month: string,
): Promise<string> {
  return r.employeeCosts.rigidCostsByMonth(deptId, month);
}
