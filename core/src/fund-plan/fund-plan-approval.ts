import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FUND_PLAN_LINE_KIND_LABELS, type FundPerform, type FundPlan } from './fund-plan.js';
import { FUND_PLAN_ERROR_CODES as C, FUND_PLAN_MESSAGES as M } from './fund-plan-messages.js';
import type { FundPlanRepositories } from './fund-plan.repository.port.js';

/* What a fund plan's or execution sheet's approval carries, and what its end does to the record. */

const fail = (code: string, message: string, field?: string) =>
  err(domainError(code, message, field));

type EndEvent = Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at'>;

/**
 * The end of a plan's approval moves it: approved (1) makes it the approved plan of its department
 * and month (the unique index is the last guard); rejected (2) or withdrawn (3) unlock it. An
 * approval other than the one the plan waits on moves nothing.
 */
export async function moveFundPlanOnApproval(
  r: FundPlanRepositories,
  event: EndEvent,
): Promise<Result<void>> {
  const p = await r.plans.getPlan(Number(event.recordId), { kind: 'all' }, true);
  if (p === null || p.approvalId !== event.approvalId || p.status !== 1) return ok(undefined);
  if (event.status === 1) {
    await r.plans.lockMonth(p.deptId, p.planMonth);
    if (await r.plans.monthTaken(p.deptId, p.planMonth, p.planId))
      return fail(C.monthTaken, M.monthTaken(p.planMonth), 'planMonth');
    await r.plans.updatePlan(p.planId, p.version, { status: 2, approvedTime: event.at }, event.at);
  } else {
    await r.plans.updatePlan(p.planId, p.version, { status: 3 }, event.at);
  }
  return ok(undefined);
}

/** The end of an execution sheet's approval: approved records its amounts on the plan's lines. */
export async function moveFundPerformOnApproval(
  r: FundPlanRepositories,
  event: EndEvent,
): Promise<Result<void>> {
  const found = await r.plans.getPerform(Number(event.recordId), { kind: 'all' });
  if (found === null) return ok(undefined);
  await r.plans.getPlan(found.planId, { kind: 'all' }, true);
  const p = await r.plans.getPerform(found.performId, { kind: 'all' }, true);
  if (p === null || p.approvalId !== event.approvalId || p.status !== 1) return ok(undefined);
  if (event.status === 1) {
    await r.plans.updatePerform(
      p.performId,
      p.version,
      { status: 2, approvedTime: event.at },
      event.at,
    );
    await r.plans.recordExecuted(p);
  } else {
    await r.plans.updatePerform(p.performId, p.version, { status: 3 }, event.at);
  }
  return ok(undefined);
}

const entry = (label: string, value: string): ContentEntry => ({ label, value, type: 'input' });
const clip = (s: string, max: number): string =>
  [...s].length > max ? [...s].slice(0, max - 1).join('') + '…' : s;

/** What the approvers of a plan read, in the payment-request template's fields. */
export function fundPlanApprovalContent(p: FundPlan): TemplateContent {
  const lines = p.lines
    .map((l) => `${FUND_PLAN_LINE_KIND_LABELS[l.lineKind]}：${l.subjectName} ${l.amount}万元`)
    .join('；');
  return {
    reason: {
      label: '付款事由',
      value: clip(
        `${p.deptName}${p.planMonth}月度资金计划${p.reason === '' ? '' : `：${p.reason}`}`,
        1000,
      ),
      type: 'textarea',
    },
    planMonth: entry('计划月份', p.planMonth),
    subjectName: entry('科目名称', '月度资金计划'),
    applyDeptId: { label: '申请部门', value: String(p.deptId), type: 'cascader' },
    totalAmount: entry('合同金额', p.incomeAmount),
    planPayAmount: entry('计划付款金额', p.totalAmount),
    payAmount: entry('本次付款金额', p.totalAmount),
    remark: {
      label: '备注',
      value: clip(
        `预计回款${p.incomeAmount}万元，刚性支出${p.rigidAmount}万元，借款${p.loanAmount}万元，付款${p.paymentAmount}万元；储备资金${p.reserveAmount}万元，分配确认${p.confirmAmount}万元。${lines}`,
        1000,
      ),
      type: 'textarea',
    },
  };
}

/** What the approvers of an execution sheet read. */
export function fundPerformApprovalContent(p: FundPerform, plan: FundPlan): TemplateContent {
  const lines = p.lines
    .map((l) => `${l.subjectName} ${l.amount}万元（计划${l.planAmount}万元）`)
    .join('；');
  return {
    reason: {
      label: '付款事由',
      value: clip(
        `${p.deptName}${p.planMonth}资金执行（${FUND_PLAN_LINE_KIND_LABELS[p.lineKind]}${p.overPlan ? '，超计划' : ''}）${p.reason === '' ? '' : `：${p.reason}`}`,
        1000,
      ),
      type: 'textarea',
    },
    planMonth: entry('计划月份', p.planMonth),
    subjectName: entry('科目名称', FUND_PLAN_LINE_KIND_LABELS[p.lineKind]),
    applyDeptId: { label: '申请部门', value: String(p.deptId), type: 'cascader' },
    payTime: { label: '付款日期', value: p.performDate, type: 'timeSelect' },
    planPayAmount: entry('计划付款金额', plan.totalAmount),
    totalPayAmount: entry('累计已付金额', plan.executedAmount),
    payAmount: entry('本次付款金额', p.totalAmount),
    remark: { label: '备注', value: clip(lines, 1000), type: 'textarea' },
  };
}
