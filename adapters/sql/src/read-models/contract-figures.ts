import {
  BACK_MONEY_ACCOUNT_KIND,
  FIGURE_COUNTS,
  FUND_PAY_MOVEMENT,
  MoneyDecimal,
  toAmountString,
  type BackMoneyFigureSums,
  type ContractFigureSums,
} from '@dpms/core';
import { sql } from 'kysely';

/*
 * The read model of a contract's figures (core/src/figures): 已收, 已分配, 已付 (gross and net),
 * 已开票, 开票审批中 and 未还借款, summed from the records by core's FIGURE_COUNTS. It is the only
 * SQL that sums back money, allotments, paid payments or invoices for a contract: the contract
 * lists, 回款管理, 项目账户, the closing and finish screens, their exports and the approval sheets
 * that show a contract's figures all read them here.
 *
 * Each figure is a correlated sum over the contract named by a column reference, so a list adds
 * the columns to its own page query (one round trip) and each sum reaches its rows by an index:
 * back money by back_money_contract, allotments through their back money (back_money_allot_back),
 * payments by fund_pay_contract, invoices by finance_invoice_contract. Loans have no contract
 * index; the table is small (a team's loans) and read whole.
 */

const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';

/** The column names the figure sums are selected under (prefixed, so they meet no table column). */
export const FIGURE_COLUMNS = {
  backAmount: 'fig_back',
  allottedAmount: 'fig_allotted',
  paidAmount: 'fig_paid',
  realPaidAmount: 'fig_real_paid',
  invoicedAmount: 'fig_invoiced',
  invoicingAmount: 'fig_invoicing',
  loanOutstandingAmount: 'fig_loan',
} as const satisfies Record<keyof ContractFigureSums, string>;

/**
 * 已收 of the contract: Σ its live back money, or, when it has no live back money record at all,
 * the back amount recorded on the contract (FIGURE_COUNTS.receivedFallback). The lists, the
 * closing's ceiling and fees, the finish view and the project account all read it here.
 */
export const backSum = (contractId: string) =>
  sql<string>`coalesce((select case when s.n = 0 then coalesce(k.back_amount, 0) else s.total end
    from contract k cross join lateral (select count(*) as n, coalesce(sum(b.back_amount), 0) as total
      from back_money b where b.contract_id = k.contract_id and b.del_flag = '0') s
    where k.contract_id = ${sql.ref(contractId)}), 0)`;

/** Σ invoice requests of the contract in one status, one request left out when named. */
export const invoiceSum = (contractId: string, status: number, exceptInvoiceId?: number) =>
  sql<string>`(select coalesce(sum(i.invoice_amount), 0) from finance_invoice i
    where i.contract_id = ${sql.ref(contractId)} and i.status = ${status} and i.del_flag = '0'
    ${exceptInvoiceId === undefined ? sql`` : sql`and i.invoice_id <> ${exceptInvoiceId}`})`;

const paySum = (contractId: string, column: 'pay_amount' | 'real_pay_amount') =>
  sql<string>`(select coalesce(sum(p.${sql.raw(column)}), 0) from fund_pay p
    where p.contract_id = ${sql.ref(contractId)} and p.status = ${FIGURE_COUNTS.paidPayStatus}
      and p.del_flag = '0')`;

/**
 * The figure sums of the contract whose id is the column `contractId` ('c.contract_id'), as
 * selections to add to any query over contracts; read them back with `figureSumsOf`.
 */
export function contractFigureColumns(contractId: string) {
  const c = sql.ref(contractId);
  return [
    backSum(contractId).as(FIGURE_COLUMNS.backAmount),
    sql<string>`(select coalesce(sum(a.allot_amount), 0) from back_money b
      join back_money_allot a on a.back_money_id = b.back_money_id
      where b.contract_id = ${c} and b.del_flag = '0')`.as(FIGURE_COLUMNS.allottedAmount),
    paySum(contractId, 'pay_amount').as(FIGURE_COLUMNS.paidAmount),
    paySum(contractId, 'real_pay_amount').as(FIGURE_COLUMNS.realPaidAmount),
    invoiceSum(contractId, FIGURE_COUNTS.invoicedStatus).as(FIGURE_COLUMNS.invoicedAmount),
    invoiceSum(contractId, FIGURE_COUNTS.invoicingStatus).as(FIGURE_COLUMNS.invoicingAmount),
    sql<string>`(select coalesce(sum(l.loan_amount - l.repaid_amount), 0) from fund_loan l
      where l.contract_id = ${c} and l.status = ${FIGURE_COUNTS.loanInEffectStatus}
        and l.del_flag = '0')`.as(FIGURE_COLUMNS.loanOutstandingAmount),
  ] as const;
}

/** The figure sums of a row selected with `contractFigureColumns`. */
export function figureSumsOf(row: Readonly<Record<string, unknown>>): ContractFigureSums {
  return {
    backAmount: amount(row[FIGURE_COLUMNS.backAmount]),
    allottedAmount: amount(row[FIGURE_COLUMNS.allottedAmount]),
    paidAmount: amount(row[FIGURE_COLUMNS.paidAmount]),
    realPaidAmount: amount(row[FIGURE_COLUMNS.realPaidAmount]),
    invoicedAmount: amount(row[FIGURE_COLUMNS.invoicedAmount]),
    invoicingAmount: amount(row[FIGURE_COLUMNS.invoicingAmount]),
    loanOutstandingAmount: amount(row[FIGURE_COLUMNS.loanOutstandingAmount]),
  };
}

/**
 * 已付 of one sub-contract (`contractChildId` a column reference): Σ payAmount of its paid fund
 * payments, by FIGURE_COUNTS like the contract's 已付. A payment names the sub-contract when it
 * executes one of its pay items, or a plan line drawn for it: both are money paid to it.
 */
export const subContractPaidSum = (contractChildId: string) =>
  sql<string>`(select coalesce(sum(p.pay_amount), 0) from fund_pay p
    where p.contract_child_id = ${sql.ref(contractChildId)}
      and p.status = ${FIGURE_COUNTS.paidPayStatus} and p.del_flag = '0')`;

/**
 * Σ allotments of live back money to one design task (`taskId` a column reference): the task's
 * share of the contract's 已分配 (back_money_allot_task, then the record by its key).
 */
export const taskAllottedSum = (taskId: string) =>
  sql<string>`(select coalesce(sum(a.allot_amount), 0) from back_money_allot a
    join back_money b on b.back_money_id = a.back_money_id
    where a.task_id = ${sql.ref(taskId)} and b.del_flag = '0')`;

// ---- one back money record (回款管理's rows) ----------------------------------------------------

const BACK_MONEY_FIGURE_COLUMNS = {
  allottedAmount: 'fig_allotted',
  realPaidAmount: 'fig_real_paid',
} as const;

/**
 * A back money record's share (`backMoneyId` a column reference such as 'b.back_money_id'): its
 * allotments and the net pay paid fund payments drew from it (the ledger's `fundPay.pay` lines on
 * its balance, read by fund_ledger_account). Summed over a contract's records they are the
 * contract's 已分配 and 实付金额.
 */
export function backMoneyFigureColumns(backMoneyId: string) {
  const b = sql.ref(backMoneyId);
  return [
    sql<string>`(select coalesce(sum(a.allot_amount), 0) from back_money_allot a
      where a.back_money_id = ${b})`.as(BACK_MONEY_FIGURE_COLUMNS.allottedAmount),
    sql<string>`(select coalesce(-sum(l.amount), 0) from fund_ledger l
      where l.account_kind = ${BACK_MONEY_ACCOUNT_KIND} and l.account_id = ${b}
        and l.movement = ${FUND_PAY_MOVEMENT})`.as(BACK_MONEY_FIGURE_COLUMNS.realPaidAmount),
  ] as const;
}

export function backMoneyFigureSumsOf(
  backAmount: string,
  row: Readonly<Record<string, unknown>>,
): BackMoneyFigureSums {
  return {
    backAmount,
    allottedAmount: amount(row[BACK_MONEY_FIGURE_COLUMNS.allottedAmount]),
    realPaidAmount: amount(row[BACK_MONEY_FIGURE_COLUMNS.realPaidAmount]),
  };
}
