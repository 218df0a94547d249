/**
 * The launchers of the screens whose own dialog creates the record and sends it (借款管理,
 * 结算结案, 资金计划, 资金执行, 资金支付), each with the screen's 送审 of a saved draft beside it.
 * See screen-launchers.tsx.
 */
import {
  FUND_PERFORM_TYPE_CODES,
  FUND_PLAN_LINE_KINDS,
  closingActions,
  closingEditable,
  fundPayStateCheck,
  fundPlanEditable,
  loanStateCheck,
  fundPayActions,
  loanActions,
  mayActOnFundPlan,
  performTypeCode,
  type FundPlanLineKind,
} from '@dpms/core';
import type { ReactElement } from 'react';
import { useService } from '../di';
import { useActionActor } from '../hooks';
import { TOKENS } from '../tokens';
import { ClosingFormDialog } from '../../features/closing/ClosingFormDialog';
import { LoanFormDialog } from '../../features/fund/LoanFormDialog';
import { useDepts, useFundGateway } from '../../features/fund/fund-shared';
import { FundPayFormDialog } from '../../features/fund-pay/FundPayFormDialog';
import { useFundPayGateway } from '../../features/fund-pay/fund-pay-shared';
import { FundPerformFormDialog } from '../../features/fund-plan/FundPerformFormDialog';
import { FundPlanFormDialog } from '../../features/fund-plan/FundPlanFormDialog';
import { useContracts, useFundPlanGateway } from '../../features/fund-plan/fund-plan-shared';
import {
  OpenScreenDialog,
  PickAndSend,
  type LauncherProps,
} from '../../features/approval/screen-send';

const PAGE = { pageNum: 1, pageSize: 1000 };
const sent = (r: { approvalId: string | null }) => ({ approvalId: r.approvalId });
/** The statuses these lists filter on (draft, in approval, approved, turned down). */
const STATUSES = [0, 1, 2, 3] as const;

/**
 * The rows a list holds in the statuses from which its record may be sent (`sendable`: core's
 * state check of 送审), one page per such status through the list's `status` filter, so the
 * drafts are not lost behind a thousand approved rows.
 */
async function inSendableStatuses<R>(
  sendable: (status: (typeof STATUSES)[number]) => boolean,
  load: (q: typeof PAGE & { status: string }) => Promise<{ rows: R[] }>,
): Promise<R[]> {
  const pages = await Promise.all(
    STATUSES.filter(sendable).map((s) => load({ ...PAGE, status: String(s) })),
  );
  return pages.flatMap((p) => p.rows);
}

/**
 * A screen that creates its record in a dialog also sends a draft saved there (its row's 送审):
 * 发起审批 offers both, the new record's form first.
 */
function NewOrDraft({ form, drafts }: { form: ReactElement; drafts: ReactElement }) {
  return (
    <div className="grid gap-4">
      {form}
      <div className="grid gap-2 border-t border-line pt-3" data-testid="screen-drafts">
        <p className="text-sm text-ink-soft">或送审已保存的草稿：</p>
        {drafts}
      </div>
    </div>
  );
}

/** 借款管理's 申请借款 (10_1): the loan form, its team limit and 保存并送审; or a draft's 送审. */
export function LoanLauncher(props: LauncherProps) {
  const gateway = useFundGateway();
  const depts = useDepts();
  const actor = useActionActor();
  return (
    <NewOrDraft
      form={
        <OpenScreenDialog button="申请借款" permission="contract:loan:add" onDone={props.onDone}>
          {(done, close) => (
            <LoanFormDialog
              gateway={gateway}
              depts={depts}
              onClose={close}
              onSaved={(l) => done(sent(l))}
            />
          )}
        </OpenScreenDialog>
      }
      drafts={
        <PickAndSend
          {...props}
          noun="借款"
          queryKey="loan-drafts"
          button="送审"
          load={async () =>
            (
              await inSendableStatuses(
                (s) => loanStateCheck('submit', s).ok,
                (q) => gateway.loanList(q),
              )
            )
              .filter((l) => loanActions.may('submit', l, actor))
              .map((l) => ({
                id: String(l.loanId),
                label: `${l.loanDeptName} ${l.loanAmount}万元（还款日期${l.refundDate}）`,
                row: l,
              }))
          }
          send={(c, _code, key) =>
            gateway.submitLoan(c.row.loanId, { idempotencyKey: key }).then(sent)
          }
        />
      }
    />
  );
}

/**
 * 结算结案's 新增结算 (11_1) / 新增结案 (11_2): its contract picker, fee preview and the closing
 * ceiling; or a draft's 送审.
 */
export function ClosingLauncher(props: LauncherProps) {
  const gateway = useService(TOKENS.ClosingGateway);
  const actor = useActionActor();
  const kind = props.typeCode === '11_1' ? 'settle' : 'closed';
  const name = kind === 'settle' ? '结算' : '结案';
  return (
    <NewOrDraft
      form={
        <OpenScreenDialog
          button={`新增${name}`}
          permission="project:closedCase:add"
          onDone={props.onDone}
          announces
        >
          {(done, close) => (
            <ClosingFormDialog
              gateway={gateway}
              kind={kind}
              onClose={close}
              onSaved={(r) => done(sent(r))}
            />
          )}
        </OpenScreenDialog>
      }
      drafts={
        <PickAndSend
          {...props}
          noun={name}
          queryKey={`closing-drafts-${kind}`}
          button="送审"
          load={async () =>
            (await inSendableStatuses(closingEditable, (q) => gateway.list(kind, q)))
              .filter((r) => closingActions.may('submit', r, actor))
              .map((r) => ({
                id: String(r.closedId),
                label: `${r.projectName}（${r.contractName}） ${r.closedCaseAmount}万元`,
                row: r,
              }))
          }
          send={(c, _code, key) =>
            gateway.submit(kind, c.row.closedId, { idempotencyKey: key }).then(sent)
          }
        />
      }
    />
  );
}

/** 资金计划's 新增计划 (8_x): the plan's lines, the balance decides 8_1 or 8_2; or a draft's 送审. */
export function FundPlanLauncher(props: LauncherProps) {
  const gateway = useFundPlanGateway();
  const depts = useDepts();
  const contracts = useContracts();
  const actor = useActionActor();
  return (
    <NewOrDraft
      form={
        <OpenScreenDialog
          button="新增计划"
          permission="contract:fundPlan:add"
          onDone={props.onDone}
        >
          {(done, close) => (
            <FundPlanFormDialog
              gateway={gateway}
              depts={depts}
              contracts={contracts}
              onClose={close}
              onSaved={(p) => done(sent(p))}
            />
          )}
        </OpenScreenDialog>
      }
      drafts={
        <PickAndSend
          {...props}
          queryKey="fund-plan-drafts"
          button="送审"
          load={async () =>
            (await inSendableStatuses(fundPlanEditable, (q) => gateway.planList(q)))
              .filter((p) => mayActOnFundPlan('plan', 'submit', p, actor))
              .map((p) => ({
                id: String(p.planId),
                label: `${p.planMonth} ${p.deptName}（计划支出${p.totalAmount}万元）`,
                row: p,
              }))
          }
          send={(c, _code, key) =>
            gateway.submitPlan(c.row.planId, { idempotencyKey: key }).then(sent)
          }
        />
      }
    />
  );
}

/**
 * The execution sheet's kind a 9_x/26_x code stands for (core's FUND_PERFORM_TYPE_CODES read
 * backwards): 9_2 is any kind beyond the plan, asked for with 超计划执行.
 */
function performPreset(typeCode: string): { lineKind: FundPlanLineKind; overPlan: boolean } {
  if (typeCode === FUND_PERFORM_TYPE_CODES.overPlan) return { lineKind: 'rigid', overPlan: true };
  const kind = FUND_PLAN_LINE_KINDS.find((k) => FUND_PERFORM_TYPE_CODES[k] === typeCode);
  return { lineKind: kind ?? 'rigid', overPlan: false };
}

/**
 * 资金执行's 登记执行 (9_x/26_x): preset to the code's kind, the lines' kind decides the code; or
 * a draft's 送审.
 */
export function FundPerformLauncher(props: LauncherProps) {
  const gateway = useFundPlanGateway();
  const actor = useActionActor();
  return (
    <NewOrDraft
      form={
        <OpenScreenDialog
          button="登记执行"
          permission="contract:fundPerform:add"
          onDone={props.onDone}
        >
          {(done, close) => (
            <FundPerformFormDialog
              gateway={gateway}
              initial={performPreset(props.typeCode)}
              onClose={close}
              onSaved={(p) => done(sent(p))}
            />
          )}
        </OpenScreenDialog>
      }
      drafts={
        <PickAndSend
          {...props}
          queryKey={`fund-perform-drafts:${props.typeCode}`}
          button="送审"
          load={async () =>
            (await inSendableStatuses(fundPlanEditable, (q) => gateway.performList(q)))
              // Only the sheets that travel on the chosen code: a draft's code is its kind's, or
              // 9_2 when 超计划执行 was asked for (core's performTypeCode). A sheet asked over the
              // plan that fits the plan again by 送审 goes on its kind's code, as from 资金执行.
              .filter((p) => performTypeCode(p.lineKind, p.overPlan) === props.typeCode)
              .filter((p) => mayActOnFundPlan('perform', 'submit', p, actor))
              .map((p) => ({
                id: String(p.performId),
                label: `${p.planMonth} ${p.deptName} ${p.lineKindName} ${p.totalAmount}万元`,
                row: p,
              }))
          }
          send={(c, _code, key) =>
            gateway.submitPerform(c.row.performId, { idempotencyKey: key }).then(sent)
          }
        />
      }
    />
  );
}

/**
 * 资金支付's 新增付款: 16_x on a sub-contract pay item, 20_1 on a payment plan line; or a draft's
 * 送审 (its own code, as on the screen).
 */
export function FundPayLauncher(props: LauncherProps) {
  const gateway = useFundPayGateway();
  const actor = useActionActor();
  return (
    <NewOrDraft
      form={
        <OpenScreenDialog button="新增付款" permission="contract:fundPay:add" onDone={props.onDone}>
          {(done, close) => (
            <FundPayFormDialog
              gateway={gateway}
              typeCode={props.typeCode}
              onClose={close}
              onSaved={(p) => done(sent(p))}
            />
          )}
        </OpenScreenDialog>
      }
      drafts={
        <PickAndSend
          {...props}
          noun="付款"
          queryKey={`fund-pay-drafts:${props.typeCode}`}
          button="送审"
          load={async () =>
            (
              await inSendableStatuses(
                (s) => fundPayStateCheck('submit', s).ok,
                (q) => gateway.payList(q),
              )
            )
              // Only the drafts of the chosen code: 20_1 sends no 16_x payment, 16_2 no 16_1 one.
              .filter((p) => p.typeCode === props.typeCode)
              .filter((p) => fundPayActions.may('submit', p, actor))
              .map((p) => ({
                id: String(p.payId),
                label: `${p.contractName} ${p.payAmount}万元 ${p.reason}`.trim(),
                row: p,
              }))
          }
          send={(c, _code, key) =>
            gateway.submitPay(c.row.payId, undefined, { idempotencyKey: key }).then(sent)
          }
        />
      }
    />
  );
}
