/**
 * 发起审批 of a `screen` kind (core's catalogue `record.fromCentre`): the record's screen's OWN
 * form, not a copy. Each type group maps to a launcher that either opens the very dialog the
 * record's screen creates and sends it with (借款管理's 申请借款 for 10_1, 结算结案's 新增结算/新增结案
 * for 11_x, 资金计划's 新增计划 for 8_x, 资金执行's 登记执行 for 9_x/26_x, 资金支付's 新增付款 for
 * 16_x/20_1; each with the screen's 送审 of a saved draft beside it: screen-launchers-forms.tsx),
 * or, where the screen sends an existing record with one call, a picker of those records by name
 * and the screen's own call (合同管理's 提交评审 for 1_x, 项目备案's and 项目立项's 提交审批 for 2_x,
 * 分包合同's for 5_x, 合同文本's for 24_1, 成果盖章's 提交盖章审批 dialog for 13_1:
 * screen-launchers-records.tsx). Either way the record is written by its own route and use case,
 * so the loan limit, the closing ceiling and the payment rules are checked by the one server
 * path, and the linked record is the same as from the screen by construction. The approval
 * centre's create route keeps refusing these codes (naming the screen): the web never sends them
 * there.
 *
 * The registry composes features (the approval centre's 发起审批 and the record screens' own
 * dialogs), so it lives in app/ and reaches the approval feature through a container token
 * (TOKENS.ScreenLaunchers): features never import each other, and a copy of each form inside
 * the approval feature would be the second form the issue forbids. Each launcher is lazy, so the
 * record screens' dialogs load with the first 发起审批 of their kind, not at start-up. 12_x
 * (filing change) is not a record yet and keeps the screen's note.
 */
import { lazy } from 'react';
import type { ScreenLaunchers } from '../../features/approval/ScreenLauncher';
import type * as Forms from './screen-launchers-forms';
import type * as Records from './screen-launchers-records';

const fromForms = (name: keyof typeof Forms) =>
  lazy(() => import('./screen-launchers-forms').then((m) => ({ default: m[name] })));
const fromRecords = (name: keyof typeof Records) =>
  lazy(() => import('./screen-launchers-records').then((m) => ({ default: m[name] })));

const ContractReviewLauncher = fromRecords('ContractReviewLauncher');
const FundPerformLauncher = fromForms('FundPerformLauncher');
const FundPayLauncher = fromForms('FundPayLauncher');

/** Type group → the record screen's launcher; a group without one keeps the screen's note. */
export const SCREEN_LAUNCHERS: ScreenLaunchers = {
  1: ContractReviewLauncher,
  2: fromRecords('FilingLauncher'),
  5: fromRecords('SubContractLauncher'),
  8: fromForms('FundPlanLauncher'),
  9: FundPerformLauncher,
  10: fromForms('LoanLauncher'),
  11: fromForms('ClosingLauncher'),
  13: fromRecords('ResultSealLauncher'),
  16: FundPayLauncher,
  20: FundPayLauncher,
  24: ContractReviewLauncher,
  26: FundPerformLauncher,
};
