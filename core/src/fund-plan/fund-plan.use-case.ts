import type { RecordApprovalRequest } from '../approval/record-approval.port.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { runWrite, WriteAbort, type WriteIdempotency } from '../shared/write.js';
import {
  FUND_PERFORM_RECORD_KIND,
  FUND_PLAN_LINE_KIND_LABELS,
  FUND_PLAN_RECORD_KIND,
  type FundPerform,
  type FundPerformInput,
  type FundPlan,
  type FundPlanActor,
  type FundPlanChartMonth,
  type FundPlanInput,
} from './fund-plan.js';
import { FUND_PLAN_ERROR_CODES as C, FUND_PLAN_MESSAGES as M } from './fund-plan-messages.js';
import { fundPlanStateCheck } from './fund-plan-actions.js';
import { checkPlanLines, fundPerformInputProblems } from './fund-plan-input.js';
import { fundPerformApprovalContent, fundPlanApprovalContent } from './fund-plan-approval.js';
import {
  checkPerformLines,
  checkPlanText,
  isFundPlanLineKind,
  FUND_PLAN_REMARK_MAX,
  FUND_PLAN_TEXT_MAX,
  fundPlanMonthsUpTo,
  parseFundPerformDate,
  parseFundPlanMonth,
  performTypeCode,
  planTotals,
  planTypeCode,
} from './fund-plan-rules.js';
import type {
  FundPerformListFilter,
  FundPerformListQuery,
  FundPlanListFilter,
  FundPlanListQuery,
  FundPlanRepositories,
  PerformHeader,
} from './fund-plan.repository.port.js';

type R<T> = Promise<Result<T>>;
const fail = (code: string, message: string, field?: string) =>
  err(domainError(code, message, field));
const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new WriteAbort(r.error);
  return r.value;
};

export interface FundPlanClock {
  now(): Date;
}

/** Sends a plan or an execution sheet (20_x, the monthly plan's form) into approval as the actor. */
const sendToApproval = (
  r: FundPlanRepositories,
  actor: FundPlanActor,
  sheet: Pick<RecordApprovalRequest, 'typeCode' | 'recordKind' | 'title' | 'content' | 'recordId'>,
) =>
  r.approvals.submit({
    ...sheet,
    kind: 'FundMonthPlan',
    drafterId: actor.userId,
    drafterDeptId: actor.deptId,
    idempotencyScope: 'fundPlan.submit',
  });

/** Which writes a caller may make (edit and delete need the record's current version when sent). */
export interface FundPlanSaveOptions {
  readonly version?: number;
  readonly submit?: boolean;
  readonly idem?: WriteIdempotency;
}

/** Every row a keyset-paged read yields, newest first, each batch its own short transaction. */
async function* newestFirst<T>(
  uow: UnitOfWork<FundPlanRepositories>,
  read: (r: FundPlanRepositories, before: number, limit: number) => Promise<readonly T[]>,
  idOf: (row: T) => number,
  batch: number,
): AsyncGenerator<T> {
  let before = 2_147_483_647;
  for (;;) {
    const rows = await uow.transaction((r) => read(r, before, batch));
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || last === undefined) return;
    before = idOf(last);
  }
}

/**
 * Monthly fund plans (/contract/fundPlan, 8_1/8_2) and fund execution sheets
 * (/contract/fundPerform, 9_1/9_2/26_x): drawn up as drafts, sent through the approval engine,
 * locked while in approval and after; an approved plan is the one plan of its department and month,
 * and approved executions record what was spent or received against its lines.
 */
export class FundPlanService {
  constructor(
    private readonly uow: UnitOfWork<FundPlanRepositories>,
    private readonly clock: FundPlanClock,
  ) {}

  private write<T>(
    fn: (r: FundPlanRepositories, at: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): R<T> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }

  // ---- plans -----------------------------------------------------------------------------------

  listPlans(q: FundPlanListQuery, actor: FundPlanActor): Promise<ListPage<FundPlan>> {
    return this.uow.transaction((r) => r.plans.listPlans(q, actor.scope));
  }

  detailPlan(planId: number, actor: FundPlanActor): R<FundPlan> {
    return this.uow.transaction(async (r) => {
      const p = await r.plans.getPlan(planId, actor.scope);
      return p === null ? fail(C.planNotFound, M.planNotFound, 'planId') : ok(p);
    });
  }

  /** The export's plans, newest first, a batch per read, so none sits whole in memory. */
  exportPlans(
    filter: FundPlanListFilter,
    actor: FundPlanActor,
    batch = 500,
  ): AsyncGenerator<FundPlan> {
    return newestFirst(
      this.uow,
      (r, before, limit) => r.plans.exportPlans(filter, actor.scope, before, limit),
      (p) => p.planId,
      batch,
    );
  }

  /** Approved plans against approved executions, month by month (12 months up to `toMonth`). */
  chart(
    toMonth: unknown,
    actor: FundPlanActor,
    deptId?: number,
    months = 12,
  ): R<FundPlanChartMonth[]> {
    const month = parseFundPlanMonth(toMonth);
    if (!month.ok) return Promise.resolve(month);
    return this.uow.transaction(async (r) => {
      if (deptId !== undefined && !(await r.plans.deptInScope(actor.scope, deptId)))
        return fail(C.outOfScope, M.outOfScope, 'deptId');
      return ok(await r.plans.chart(fundPlanMonthsUpTo(month.value, months), actor.scope, deptId));
    });
  }

  /** Draws up a plan (planId undefined) or redraws a draft or turned-down one; `submit` sends it too. */
  savePlan(
    input: FundPlanInput,
    actor: FundPlanActor,
    planId?: number,
    opts: FundPlanSaveOptions = {},
  ): R<FundPlan> {
    return this.write(async (r, at) => {
      const deptId = input.deptId ?? actor.deptId;
      if (deptId === null || deptId === undefined)
        return fail(C.required, M.required('deptId'), 'deptId');
      const planMonth = must(parseFundPlanMonth(input.planMonth));
      const reason = must(checkPlanText(input.reason, 'reason', FUND_PLAN_TEXT_MAX));
      const remark = must(checkPlanText(input.remark, 'remark', FUND_PLAN_REMARK_MAX));
      const lines = must(checkPlanLines(input.lines));
      if ((await r.plans.deptName(deptId)) === null)
        return fail(C.deptNotFound, M.deptNotFound, 'deptId');
      if (!(await r.plans.deptInScope(actor.scope, deptId)))
        return fail(C.outOfScope, M.outOfScope, 'deptId');
      for (const [i, l] of lines.entries()) {
        if (l.contractId === null) continue;
        const field = `lines[${String(i)}].contractId`;
        const c = await r.plans.contract(l.contractId);
        if (c === null) return fail(C.contractNotFound, M.contractNotFound, field);
        if (!(await r.plans.visible(actor.scope, c.deptId ?? -1, c.userId)))
          return fail(C.outOfScope, M.outOfScope, field);
      }
      const header = { deptId, planMonth, reason, remark, totals: planTotals(lines) };
      let id: number;
      if (planId === undefined) {
        id = await r.plans.insertPlan(header, actor, at);
      } else {
        const existing = await r.plans.getPlan(planId, actor.scope, true);
        if (existing === null) return fail(C.planNotFound, M.planNotFound, 'planId');
        const open = fundPlanStateCheck('plan', existing.status);
        if (!open.ok) return open;
        if (opts.version !== undefined && opts.version !== existing.version)
          return fail(C.staleVersion, M.staleVersion, 'version');
        if (!(await r.plans.updatePlan(planId, existing.version, { header }, at)))
          return fail(C.staleVersion, M.staleVersion, 'version');
        id = planId;
      }
      await r.plans.replacePlanLines(id, lines);
      if (opts.submit === true) must(await this.sendPlan(r, id, actor, at));
      return this.readPlan(r, id);
    }, opts.idem);
  }

  /** Sends a draft or turned-down plan into approval (8_1 or 8_2); it is locked until it ends. */
  submitPlan(planId: number, actor: FundPlanActor, idem?: WriteIdempotency): R<FundPlan> {
    return this.write(async (r, at) => {
      must(await this.sendPlan(r, planId, actor, at));
      return this.readPlan(r, planId);
    }, idem);
  }

  private async readPlan(r: FundPlanRepositories, planId: number): R<FundPlan> {
    const p = await r.plans.getPlan(planId, { kind: 'all' });
    return p === null ? fail(C.planNotFound, M.planNotFound, 'planId') : ok(p);
  }

  private async sendPlan(
    r: FundPlanRepositories,
    planId: number,
    actor: FundPlanActor,
    at: Date,
  ): R<void> {
    const p = await r.plans.getPlan(planId, actor.scope, true);
    if (p === null) return fail(C.planNotFound, M.planNotFound, 'planId');
    const open = fundPlanStateCheck('plan', p.status);
    if (!open.ok) return open;
    await r.plans.lockMonth(p.deptId, p.planMonth);
    if (await r.plans.monthTaken(p.deptId, p.planMonth, p.planId))
      return fail(C.monthTaken, M.monthTaken(p.planMonth), 'planMonth');
    const typeCode = planTypeCode(p);
    const sent = await sendToApproval(r, actor, {
      typeCode,
      recordKind: FUND_PLAN_RECORD_KIND,
      title: `月度资金计划-${p.deptName}-${p.planMonth}-${p.totalAmount}万元`,
      content: fundPlanApprovalContent(p),
      recordId: String(p.planId),
    });
    if (!sent.ok) return sent;
    const approved = sent.value.status === 1;
    const saved = await r.plans.updatePlan(
      p.planId,
      p.version,
      {
        status: approved ? 2 : 1,
        approvalId: sent.value.approvalId,
        approvalKind: typeCode,
        ...(approved ? { approvedTime: at } : {}),
      },
      at,
    );
    return saved ? ok(undefined) : fail(C.staleVersion, M.staleVersion, 'version');
  }

  /** Deletes a draft or turned-down plan without execution sheets. */
  removePlan(planId: number, actor: FundPlanActor, idem?: WriteIdempotency): R<void> {
    return this.write(async (r, at) => {
      const p = await r.plans.getPlan(planId, actor.scope, true);
      if (p === null) return fail(C.planNotFound, M.planNotFound, 'planId');
      const open = fundPlanStateCheck('plan', p.status);
      if (!open.ok) return open;
      if ((await r.plans.performCount(planId)) > 0) return fail(C.planInUse, M.planInUse);
      await r.plans.removePlan(planId, at);
      return ok(undefined);
    }, idem);
  }

  // ---- execution -------------------------------------------------------------------------------

  listPerforms(q: FundPerformListQuery, actor: FundPlanActor): Promise<ListPage<FundPerform>> {
    return this.uow.transaction((r) => r.plans.listPerforms(q, actor.scope));
  }

  detailPerform(performId: number, actor: FundPlanActor): R<FundPerform> {
    return this.uow.transaction(async (r) => {
      const p = await r.plans.getPerform(performId, actor.scope);
      return p === null ? fail(C.performNotFound, M.performNotFound, 'performId') : ok(p);
    });
  }

  /** The export's execution sheets, newest first, a batch per read. */
  exportPerforms(
    filter: FundPerformListFilter,
    actor: FundPlanActor,
    batch = 500,
  ): AsyncGenerator<FundPerform> {
    return newestFirst(
      this.uow,
      (r, before, limit) => r.plans.exportPerforms(filter, actor.scope, before, limit),
      (p) => p.performId,
      batch,
    );
  }

  /** Records (or redraws) an execution sheet on an approved plan; `submit` sends it too. */
  savePerform(
    input: FundPerformInput,
    actor: FundPlanActor,
    performId?: number,
    opts: FundPlanSaveOptions = {},
  ): R<FundPerform> {
    return this.write(async (r, at) => {
      if (input.planId === undefined) return fail(C.required, M.required('planId'), 'planId');
      if (!isFundPlanLineKind(input.lineKind))
        return fail(C.invalidKind, M.invalidKind('lineKind'), 'lineKind');
      const lineKind = input.lineKind;
      const performDate = must(parseFundPerformDate(input.performDate));
      const reason = must(checkPlanText(input.reason, 'reason', FUND_PLAN_TEXT_MAX));
      const remark = must(checkPlanText(input.remark, 'remark', FUND_PLAN_REMARK_MAX));
      // The lines as entered (each names a plan line, once) before the plan is read.
      const entered = fundPerformInputProblems(input)[0];
      if (entered !== undefined) return err(entered);
      // The plan row is locked: two sheets on one plan check their room one after the other.
      const plan = await r.plans.getPlan(input.planId, actor.scope, true);
      if (plan === null) return fail(C.planNotFound, M.planNotFound, 'planId');
      if (plan.status !== 2) return fail(C.planNotApproved, M.planNotApproved, 'planId');
      let existing: FundPerform | null = null;
      if (performId !== undefined) {
        existing = await r.plans.getPerform(performId, actor.scope, true);
        if (existing === null) return fail(C.performNotFound, M.performNotFound, 'performId');
        const open = fundPlanStateCheck('perform', existing.status);
        if (!open.ok) return open;
        if (opts.version !== undefined && opts.version !== existing.version)
          return fail(C.staleVersion, M.staleVersion, 'version');
      }
      const overPlan = input.overPlan === true;
      const rooms = await r.plans.planRooms(plan.planId, performId ?? 0);
      const checked = must(checkPerformLines(lineKind, input.lines, rooms, overPlan));
      const header: PerformHeader = {
        planId: plan.planId,
        deptId: plan.deptId,
        planMonth: plan.planMonth,
        lineKind,
        overPlan,
        totalAmount: checked.totalAmount,
        performDate,
        reason,
        remark,
      };
      let id: number;
      if (existing === null) {
        id = await r.plans.insertPerform(header, actor, at);
      } else {
        if (!(await r.plans.updatePerform(existing.performId, existing.version, { header }, at)))
          return fail(C.staleVersion, M.staleVersion, 'version');
        id = existing.performId;
      }
      await r.plans.replacePerformLines(id, checked.lines);
      if (opts.submit === true) must(await this.sendPerform(r, id, actor, at));
      return this.readPerform(r, id);
    }, opts.idem);
  }

  submitPerform(performId: number, actor: FundPlanActor, idem?: WriteIdempotency): R<FundPerform> {
    return this.write(async (r, at) => {
      must(await this.sendPerform(r, performId, actor, at));
      return this.readPerform(r, performId);
    }, idem);
  }

  private async readPerform(r: FundPlanRepositories, performId: number): R<FundPerform> {
    const p = await r.plans.getPerform(performId, { kind: 'all' });
    return p === null ? fail(C.performNotFound, M.performNotFound, 'performId') : ok(p);
  }

  private async sendPerform(
    r: FundPlanRepositories,
    performId: number,
    actor: FundPlanActor,
    at: Date,
  ): R<void> {
    const found = await r.plans.getPerform(performId, actor.scope);
    if (found === null) return fail(C.performNotFound, M.performNotFound, 'performId');
    // Plan row first, then the sheet: the same order as savePerform, so two never deadlock.
    const plan = await r.plans.getPlan(found.planId, { kind: 'all' }, true);
    if (plan?.status !== 2) return fail(C.planNotApproved, M.planNotApproved, 'planId');
    const p = await r.plans.getPerform(performId, actor.scope, true);
    if (p === null) return fail(C.performNotFound, M.performNotFound, 'performId');
    const open = fundPlanStateCheck('perform', p.status);
    if (!open.ok) return open;
    // The room may have shrunk since the draft was saved: check again against what others hold.
    const rooms = await r.plans.planRooms(p.planId, p.performId);
    const checked = checkPerformLines(
      p.lineKind,
      p.lines.map((l) => ({ planLineId: l.planLineId, amount: l.amount, remark: l.remark })),
      rooms,
      p.overPlan,
    );
    if (!checked.ok) return checked;
    const typeCode = performTypeCode(p.lineKind, checked.value.exceeds);
    const sent = await sendToApproval(r, actor, {
      typeCode,
      recordKind: FUND_PERFORM_RECORD_KIND,
      title: `资金执行单-${p.deptName}-${p.planMonth}-${FUND_PLAN_LINE_KIND_LABELS[p.lineKind]}-${p.totalAmount}万元`,
      content: fundPerformApprovalContent(p, plan),
      recordId: String(p.performId),
    });
    if (!sent.ok) return sent;
    const approved = sent.value.status === 1;
    const saved = await r.plans.updatePerform(
      p.performId,
      p.version,
      {
        status: approved ? 2 : 1,
        approvalId: sent.value.approvalId,
        approvalKind: typeCode,
        ...(approved ? { approvedTime: at } : {}),
      },
      at,
    );
    if (!saved) return fail(C.staleVersion, M.staleVersion, 'version');
    if (approved) await r.plans.recordExecuted(p);
    return ok(undefined);
  }

  removePerform(performId: number, actor: FundPlanActor, idem?: WriteIdempotency): R<void> {
    return this.write(async (r, at) => {
      const p = await r.plans.getPerform(performId, actor.scope, true);
      if (p === null) return fail(C.performNotFound, M.performNotFound, 'performId');
      const open = fundPlanStateCheck('perform', p.status);
      if (!open.ok) return open;
      await r.plans.removePerform(performId, at);
      return ok(undefined);
    }, idem);
  }
}
