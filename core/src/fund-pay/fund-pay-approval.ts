import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { ok, type DomainError, type Result } from '../shared/result.js';
import {
  BACK_MONEY_ACCOUNT_KIND,
  FUND_PAY_ACCOUNT_KIND,
  IN_PLAN_PAY_TYPE,
  type FundPay,
} from './fund-pay.js';
import {
  applyPayPostings,
  checkPayItemPayable,
  checkWithinPayItem,
  checkWithinPlan,
  payPostings,
  sortPayAccounts,
} from './fund-pay-rules.js';
import type { FundPayRepositories } from './fund-pay.repository.port.js';
import { checkFundPlan } from './fund-pay-fields.js';

/**
 * The payment's approval ended: approved, it is paid — under the locks of the contract's back money
 * balances its net pay leaves them (oldest record first) for the payment's own balance, the
 * fund_plan_switch rule checked once more; refused (the approval with it) when the back money left
 * is short. Turned down or withdrawn, it goes back to the drafter. Runs in the approval's
 * transaction.
 */
export async function moveFundPayOnApproval(
  r: FundPayRepositories,
  event: Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at'>,
): Promise<Result<void, DomainError>> {
  const pay = await r.pays.getPay(Number(event.recordId), true);
  if (
    pay === null ||
    pay.status !== 1 ||
    (pay.approvalId !== null && pay.approvalId !== event.approvalId)
  )
    return ok(undefined);
  if (event.status !== 1) {
    await r.pays.updatePay(pay.payId, { status: 3, approvalId: event.approvalId }, event.at);
    return ok(undefined);
  }
  const gate = await checkFundPlan(r, pay.deptId, pay.planMonth);
  if (!gate.ok) return gate;
  const source = await stillWithinSource(r, pay);
  if (!source.ok) return source;
  const posted = await postFundPay(r, pay, event.at);
  if (!posted.ok) return posted;
  await r.pays.updatePay(
    pay.payId,
    { status: 2, paidTime: event.at, approvalId: event.approvalId },
    event.at,
  );
  return ok(undefined);
}

/**
 * The payment's source again at the approval's final step: its pay item's sub-contract still
 * approved and the pay item (or plan line) still holding it beside every other live payment.
 */
async function stillWithinSource(
  r: FundPayRepositories,
  pay: Pick<FundPay, 'payId' | 'paymentPlanId' | 'childPayId' | 'payAmount'>,
): Promise<Result<void, DomainError>> {
  if (pay.childPayId !== null) {
    const item = await r.pays.payItem(pay.childPayId);
    if (item === null) return ok(undefined);
    const payable = checkPayItemPayable(item);
    if (!payable.ok) return payable;
    return checkWithinPayItem(
      item.payAmount,
      await r.pays.committedOnPayItem(item.childPayId, pay.payId),
      pay.payAmount,
    );
  }
  if (pay.paymentPlanId !== null) {
    const plan = await r.pays.getPlan(pay.paymentPlanId);
    if (plan === null) return ok(undefined);
    return checkWithinPlan(
      plan.planPayAmount,
      await r.pays.committedOnPlan(plan.paymentPlanId, pay.payId),
      pay.payAmount,
    );
  }
  return ok(undefined);
}

/**
 * Pays a payment: under the locks of the contract's back money balances (and the payment's own),
 * its net pay leaves them, oldest record first, for the payment's balance — one `fundPay.pay`
 * movement of the fund ledger; refused, posting nothing, when the back money left is short.
 */
export async function postFundPay(
  r: FundPayRepositories,
  pay: Pick<FundPay, 'payId' | 'contractId' | 'deptId' | 'realPayAmount' | 'createBy'>,
  at: Date,
): Promise<Result<void, DomainError>> {
  const sources = await r.ledger.backMoneySources(pay.contractId);
  const accounts = sortPayAccounts([
    ...sources.map((s) => ({ kind: BACK_MONEY_ACCOUNT_KIND, id: s.backMoneyId })),
    { kind: FUND_PAY_ACCOUNT_KIND, id: pay.payId },
  ]);
  const balances = await r.ledger.lock(accounts);
  const locked = sources.map((s) => ({
    backMoneyId: s.backMoneyId,
    balance: balances.get(`${BACK_MONEY_ACCOUNT_KIND}:${String(s.backMoneyId)}`) ?? '0',
  }));
  const postings = payPostings(pay.payId, pay.realPayAmount, locked);
  if (!postings.ok) return postings;
  const next = applyPayPostings(balances, postings.value);
  if (!next.ok) return next;
  await r.ledger.post(
    {
      payId: pay.payId,
      contractId: pay.contractId,
      deptId: pay.deptId,
      createBy: pay.createBy,
      at,
    },
    postings.value,
    next.value,
  );
  return ok(undefined);
}

/**
 * Sent again from the approval centre (a turned-down payment resubmitted there): it is in approval
 * once more, if the fund_plan_switch rule still lets it.
 */
export async function fundPayResent(
  r: FundPayRepositories,
  event: { readonly approvalId: string; readonly recordId: string; readonly at: Date },
): Promise<Result<void, DomainError>> {
  const pay = await r.pays.getPay(Number(event.recordId), true);
  if (pay === null || pay.approvalId !== event.approvalId || pay.status !== 3) return ok(undefined);
  const gate = await checkFundPlan(r, pay.deptId, pay.planMonth);
  if (!gate.ok) return gate;
  await r.pays.updatePay(pay.payId, { status: 1 }, event.at);
  return ok(undefined);
}

const entry = (
  label: string,
  value: string,
  type: ContentEntry['type'] = 'input',
): ContentEntry => ({
  label,
  value,
  type,
});

/**
 * The payment contract form's (16_x) labels of the payment: it is filed on the contract form's
 * fields (totalAmount, signTime, which the ContractSeal kind validates), but they hold this
 * payment's amount and day, and say so.
 */
export const PAYMENT_CONTRACT_LABELS = {
  totalAmount: '本次付款金额（万元）',
  signTime: '付款日期',
} as const;

/**
 * What the approvers read. 20_1 fills the payment request form (000 §3); 16_1/16_2 the payment
 * contract form (甲方 the paying institute, 乙方 the payee, the amount and the net pay).
 */
export function fundPayApprovalContent(p: FundPay): TemplateContent {
  const rate = `${new MoneyDecimal(p.taxRate).times(100).toFixed()}%`;
  if (p.typeCode === IN_PLAN_PAY_TYPE) {
    const c: Record<string, ContentEntry> = {
      reason: entry('付款事由', p.reason, 'textarea'),
      contractName: entry('合同名称', p.contractName),
      planMonth: entry('计划月份', p.planMonth),
      subjectName: entry('科目名称', p.subjectName),
      payAmount: entry('本次付款金额（万元）', p.payAmount),
      realPayAmount: entry('实付金额（万元）', p.realPayAmount),
      payCompanyName: entry('付款单位', p.payCompanyName),
      receiveCompanyName: entry('收款单位', p.receiveCompanyName),
      remark: entry(
        '备注',
        p.remark === '' ? `税率${rate}` : `税率${rate}；${p.remark}`,
        'textarea',
      ),
    };
    if (p.deptId !== null) c['applyDeptId'] = entry('申请部门', String(p.deptId), 'cascader');
    if (p.payTime !== '') c['payTime'] = entry('付款日期', p.payTime, 'timeSelect');
    return c;
  }
  return {
    contractName: entry('合同名称', p.contractName),
    contractNo: entry('合同编号', p.contractNo),
    signByMain: entry('甲方', p.payCompanyName === '' ? p.contractName : p.payCompanyName),
    signBySub: entry('乙方', p.receiveCompanyName),
    totalAmount: entry(PAYMENT_CONTRACT_LABELS.totalAmount, p.payAmount),
    ...(p.payTime === ''
      ? {}
      : { signTime: entry(PAYMENT_CONTRACT_LABELS.signTime, p.payTime, 'timeSelect') }),
    contractContent: entry(
      '合同主要内容',
      `${p.reason}（本次付款${p.payAmount}万元，税率${rate}，实付${p.realPayAmount}万元）`,
      'textarea',
    ),
  };
}
