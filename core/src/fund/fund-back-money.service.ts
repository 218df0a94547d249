import type { ListPage } from '../platform/list-query.js';
import { ok } from '../shared/result.js';
import { applyPostings, parseMovementAmount, sortAccounts } from './fund-ledger.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';
import {
  adjustBackMoney,
  allotPostings,
  backMoneyAccount,
  deleteBackMoney,
  recordBackMoneyPostings,
  teamReceivedAccount,
} from './fund-rules.js';
import type { BackMoney, BackMoneyAllotment, LedgerEntry, TeamPosition } from './fund.js';
import type {
  BackMoneyListFilter,
  BackMoneyListQuery,
  BackMoneyTaskRow,
  FundActor,
  LedgerMismatch,
} from './fund.repository.port.js';
import {
  checkDate,
  checkText,
  fail,
  FundServiceBase,
  move,
  moveBalances,
  staleAsResult,
  StaleVersion,
  teamPosition,
  visibleBackMoney,
  visibleContract,
  type AllotInput,
  type BackMoneyInput,
  type R,
} from './fund-service-base.js';

/** Back money, its allotment to design teams, and the teams' figures (001 §7). */
export abstract class FundBackMoneyService extends FundServiceBase {
  // ---- back money ------------------------------------------------------------------------------

  listBackMoney(q: BackMoneyListQuery, actor: FundActor): Promise<ListPage<BackMoney>> {
    return this.uow.transaction((r) => r.backMoney.list(q, actor.scope));
  }

  /** The export's rows, page by page (each page its own read), so none sits whole in memory. */
  async *exportBackMoney(
    filter: BackMoneyListFilter,
    actor: FundActor,
    batch = 1000,
  ): AsyncGenerator<BackMoney> {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.backMoney.exportBatch(filter, actor.scope, before, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.backMoneyId;
    }
  }

  getBackMoney(backMoneyId: number, actor: FundActor): R<BackMoney> {
    return this.uow.transaction((r) => visibleBackMoney(r, backMoneyId, actor));
  }

  addBackMoney(input: BackMoneyInput, actor: FundActor): R<BackMoney> {
    const amount = parseMovementAmount(input.backAmount, 'backAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.backDate, 'backDate');
    if (!date.ok) return Promise.resolve(date);
    const remark = checkText(input.remark, 'remark');
    if (!remark.ok) return Promise.resolve(remark);
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const c = await visibleContract(r, input.contractId, actor);
      if (!c.ok) return c;
      const id = await r.backMoney.insert({
        contractId: c.value.contractId,
        backAmount: amount.value,
        backDate: date.value,
        remark: remark.value,
        createBy: actor.userName,
        at,
      });
      const moved = await move(
        r,
        [backMoneyAccount(id)],
        {
          kind: 'backMoney.record',
          backMoneyId: id,
          contractId: c.value.contractId,
          createBy: actor.userName,
          at,
        },
        () => ok(recordBackMoneyPostings(id, amount.value)),
      );
      if (!moved.ok) throw new Error(moved.error.message);
      return visibleBackMoney(r, id, actor);
    });
  }

  modifyBackMoney(
    input: BackMoneyInput & { backMoneyId: number; version?: number },
    actor: FundActor,
  ): R<BackMoney> {
    const amount = parseMovementAmount(input.backAmount, 'backAmount');
    if (!amount.ok) return Promise.resolve(amount);
    const date = checkDate(input.backDate, 'backDate');
    if (!date.ok) return Promise.resolve(date);
    const remark = checkText(input.remark, 'remark');
    if (!remark.ok) return Promise.resolve(remark);
    const at = this.clock.now();
    return this.uow
      .transaction(async (r) => {
        const found = await visibleBackMoney(r, input.backMoneyId, actor);
        if (!found.ok) return found;
        const b = found.value;
        const moved = await move(
          r,
          [backMoneyAccount(b.backMoneyId)],
          {
            kind: 'backMoney.adjust',
            backMoneyId: b.backMoneyId,
            contractId: b.contractId,
            createBy: actor.userName,
            at,
          },
          (balances) =>
            adjustBackMoney(
              b.backMoneyId,
              b.backAmount,
              amount.value,
              balances.get(`backMoney:${String(b.backMoneyId)}`) ?? '0',
            ),
        );
        if (!moved.ok) return moved;
        const updated = await r.backMoney.update(
          b.backMoneyId,
          input.version ?? b.version,
          { backAmount: amount.value, backDate: date.value, remark: remark.value },
          at,
        );
        if (!updated) throw new StaleVersion();
        return visibleBackMoney(r, b.backMoneyId, actor);
      })
      .catch(staleAsResult);
  }

  deleteBackMoney(backMoneyId: number, actor: FundActor): R<void> {
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      const b = found.value;
      const moved = await move(
        r,
        [backMoneyAccount(backMoneyId)],
        {
          kind: 'backMoney.delete',
          backMoneyId,
          contractId: b.contractId,
          createBy: actor.userName,
          at,
        },
        (balances) =>
          deleteBackMoney(
            backMoneyId,
            b.backAmount,
            balances.get(`backMoney:${String(backMoneyId)}`) ?? '0',
          ),
      );
      if (!moved.ok) return moved;
      await r.backMoney.remove(backMoneyId, at);
      return ok(undefined);
    });
  }

  /**
   * Allots back money to design teams (V1: one line; V2: several in one call). The lines together
   * may not exceed what is left; a task, when named, must be of that team and that contract.
   */
  allot(
    backMoneyId: number,
    lines: readonly AllotInput[],
    version: 1 | 2,
    actor: FundActor,
  ): R<readonly BackMoneyAllotment[]> {
    const parsed: { deptId: number; taskId: number | null; allotAmount: string; remark: string }[] =
      [];
    for (const l of lines) {
      const a = parseMovementAmount(l.allotAmount, 'allotAmount');
      if (!a.ok) return Promise.resolve(a);
      const remark = checkText(l.remark, 'remark');
      if (!remark.ok) return Promise.resolve(remark);
      parsed.push({
        deptId: l.deptId,
        taskId: l.taskId ?? null,
        allotAmount: a.value,
        remark: remark.value,
      });
    }
    const at = this.clock.now();
    return this.uow.transaction(async (r) => {
      const found = await visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      const b = found.value;
      for (const l of parsed) {
        if ((await r.directory.deptName(l.deptId)) === null)
          return fail(C.deptNotFound, M.deptNotFound, 'deptId');
        if (l.taskId !== null) {
          const t = await r.directory.task(l.taskId);
          if (t === null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
          if (t.deptId !== l.deptId || t.contractId !== b.contractId)
            return fail(C.taskNotOfTeam, M.taskNotOfTeam, 'taskId');
        }
      }
      const accounts = [
        backMoneyAccount(backMoneyId),
        ...parsed.map((l) => teamReceivedAccount(l.deptId)),
      ];
      // The whole call is checked first (the lines together may not exceed what is left), then
      // each line moves as its own movement naming its allotment.
      const balances = await r.ledger.lock(sortAccounts(accounts));
      const planned = allotPostings(
        backMoneyId,
        balances.get(`backMoney:${String(backMoneyId)}`) ?? '0',
        parsed,
      );
      if (!planned.ok) return planned;
      const next = applyPostings(balances, planned.value);
      if (!next.ok) return next;
      for (const l of parsed) {
        const line = await moveBalances(r.ledger, {
          accounts: [backMoneyAccount(backMoneyId), teamReceivedAccount(l.deptId)],
          movement: {
            kind: 'allot',
            backMoneyId,
            deptId: l.deptId,
            contractId: b.contractId,
            taskId: l.taskId,
            createBy: actor.userName,
            at,
          },
          plan: (locked) =>
            allotPostings(backMoneyId, locked.get(`backMoney:${String(backMoneyId)}`) ?? '0', [l]),
          record: async () => ({
            allotId: await r.backMoney.insertAllotment({
              backMoneyId,
              contractId: b.contractId,
              deptId: l.deptId,
              taskId: l.taskId,
              allotAmount: l.allotAmount,
              remark: l.remark,
              allotVersion: version,
              createBy: actor.userName,
              at,
            }),
          }),
        });
        if (!line.ok) return line;
      }
      return ok(await r.backMoney.allotments(backMoneyId));
    });
  }

  allotments(backMoneyId: number, actor: FundActor): R<readonly BackMoneyAllotment[]> {
    return this.uow.transaction(async (r) => {
      const found = await visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      return ok(await r.backMoney.allotments(backMoneyId));
    });
  }

  backMoneyHistory(backMoneyId: number, actor: FundActor): R<readonly LedgerEntry[]> {
    return this.uow.transaction(async (r) => {
      const found = await visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      return ok(await r.ledger.entries({ backMoneyId }));
    });
  }

  backMoneyTasks(backMoneyId: number, actor: FundActor): R<readonly BackMoneyTaskRow[]> {
    return this.uow.transaction(async (r) => {
      const found = await visibleBackMoney(r, backMoneyId, actor);
      if (!found.ok) return found;
      return ok(await r.directory.contractTasks(found.value.contractId));
    });
  }

  // ---- teams -----------------------------------------------------------------------------------

  /** What a team (by department, or by one of its tasks) is owed, has had, owes and may borrow. */
  teamPosition(query: { deptId?: number; taskId?: number }, actor: FundActor): R<TeamPosition> {
    return this.uow.transaction(async (r) => {
      let deptId = query.deptId;
      if (query.taskId !== undefined) {
        const t = await r.directory.task(query.taskId);
        if (t?.deptId == null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
        deptId = t.deptId;
      }
      if (deptId === undefined || (await r.directory.deptName(deptId)) === null)
        return fail(C.deptNotFound, M.deptNotFound, 'deptId');
      // A caller who sees only their own records sees the team they may borrow for: their own.
      const mayRead =
        actor.scope.kind === 'own'
          ? deptId === actor.deptId
          : await r.directory.visible(actor.scope, deptId, -1);
      if (!mayRead) return fail(C.outOfScope, M.outOfScope, 'deptId');
      return ok(await teamPosition(r, deptId));
    });
  }

  /** The ledger lines of one task: allotments to it, its loans and their repayments. */
  taskTransactions(taskId: number, actor: FundActor): R<readonly LedgerEntry[]> {
    return this.uow.transaction(async (r) => {
      const t = await r.directory.task(taskId);
      if (t === null) return fail(C.taskNotFound, M.taskNotFound, 'taskId');
      if (!(await r.directory.visible(actor.scope, t.deptId, -1)))
        return fail(C.outOfScope, M.outOfScope, 'taskId');
      return ok(await r.ledger.entries({ taskId }));
    });
  }

  reconcile(): Promise<readonly LedgerMismatch[]> {
    return this.uow.transaction((r) => r.ledger.reconcile());
  }
}
