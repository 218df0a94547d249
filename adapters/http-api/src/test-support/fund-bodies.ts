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
