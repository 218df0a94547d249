/**
 * The bodies the integration suites send to add fund records, written once: each test names only
 * what it is about (an amount, a month, a bad value) and the rest is the demo institute's usual.
 * `fields` go last, so a test may override or spoil any of them.
 */

/** /contract/loan/add: 建筑一所 (110) borrows `loanAmount` 万元, to pay back by the end of 2026. */
export const loanBody = (loanAmount: unknown, fields: Record<string, unknown> = {}) => ({
  loanDeptId: 110,
  loanAmount,
  refundDate: '2026-12-31',
  ...fields,
});

/** /contract/fundPlan/add: 建筑一所's (110) fund plan for `planMonth` with these lines. */
export const fundPlanBody = (
  planMonth: string,
  lines: readonly Record<string, unknown>[],
  fields: Record<string, unknown> = {},
) => ({ deptId: 110, planMonth, lines, ...fields });
