/**
 * 发起审批 of a `screen` kind (core's catalogue `record.fromCentre`): the record's screen's OWN
 * form, not a copy. Each type group maps to a launcher that either opens the very dialog the
 * record's screen sends it with (借款管理's 申请借款 for 10_1, 结算结案's 新增 for 11_x, 月度资金计划,
 * 资金执行 and 资金支付's forms for 8_x, 9_x/26_x and 16_x/20_1), or, where the screen sends an
 * existing record with one call, a picker of those records by name and the screen's own call
 * (合同管理's 提交评审 for 1_x, 项目备案's 提交审批 for 2_x, 分包合同's for 5_x, 合同文本's for 24_1,
 * 成果盖章's 提交盖章审批 dialog for 13_1). Either way the record is written by its own route and
 * use case, so the loan limit, the closing ceiling and the payment rules are checked by the one
 * server path, and the linked record is the same as from the screen by construction. The
 * approval centre's create route keeps refusing these codes (naming the screen): the web never
 * sends them there.
 *
 * This registry imports the record screens' dialogs across features on purpose: the lint allows
 * it, and a copy of each form here would be the second form the issue forbids. 12_x (filing
 * change) is not a record yet and keeps the screen's note.
 */
import {
  FUND_PERFORM_TYPE_CODES,
  FUND_PLAN_LINE_KINDS,
  contractChildActions,
  lixiangActions,
  mayActOnContract,
  mayActOnContractDocument,
  maySubmitSeal,
  type FundPlanLineKind,
  type ResultSealTypeCode,
} from '@dpms/core';
import { ContractDocumentGateway, TaskGateway, type SealRow } from '@dpms/http-client';
import { useMemo, type ReactElement } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { useClosingGateway } from '../closing/ClosedCasePage';
import { ClosingFormDialog } from '../closing/ClosingFormDialog';
import { LoanFormDialog } from '../fund/LoanFormDialog';
import { useDepts, useFundGateway } from '../fund/fund-shared';
import { FundPayFormDialog } from '../fund-pay/FundPayFormDialog';
import { useFundPayGateway } from '../fund-pay/fund-pay-shared';
import { FundPerformFormDialog } from '../fund-plan/FundPerformFormDialog';
import { FundPlanFormDialog } from '../fund-plan/FundPlanFormDialog';
import { useContracts, useFundPlanGateway } from '../fund-plan/fund-plan-shared';
import { SealSubmitDialog } from '../task/SealSubmitDialog';
import { OpenScreenDialog, PickAndSend, type LauncherProps, type SendChoice } from './screen-send';

const PAGE = { pageNum: 1, pageSize: 1000 };
/**
 * A second source of a picker the actor may not read (a project manager without 合同文本's list
 * permission): it offers nothing rather than hiding the records the actor may send.
 */
const orNone = <T,>(rows: Promise<T[]>): Promise<T[]> => rows.catch(() => []);
const sent = (r: { approvalId: string | null }) => ({ approvalId: r.approvalId });

/** 借款管理's 申请借款 (10_1): the loan form, its team limit and 保存并送审. */
function LoanLauncher({ onDone }: LauncherProps) {
  const gateway = useFundGateway();
  const depts = useDepts();
  return (
    <OpenScreenDialog button="申请借款" permission="contract:loan:add" onDone={onDone}>
      {(done, close) => (
        <LoanFormDialog
          gateway={gateway}
          depts={depts}
          onClose={close}
          onSaved={(l) => done(sent(l))}
        />
      )}
    </OpenScreenDialog>
  );
}

/** 结算结案's 新增结算 (11_1) / 新增结案 (11_2): its contract picker, fee preview and ceiling. */
function ClosingLauncher({ typeCode, onDone }: LauncherProps) {
  const gateway = useClosingGateway();
  const kind = typeCode === '11_1' ? 'settle' : 'closed';
  return (
    <OpenScreenDialog
      button={kind === 'settle' ? '新增结算' : '新增结案'}
      permission="project:closedCase:add"
      onDone={onDone}
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
  );
}

/** 月度资金计划's 新增 (8_x): the plan's lines; the balance decides 8_1 or 8_2. */
function FundPlanLauncher({ onDone }: LauncherProps) {
  const gateway = useFundPlanGateway();
  const depts = useDepts();
  const contracts = useContracts();
  return (
    <OpenScreenDialog button="新增计划" permission="contract:fundPlan:add" onDone={onDone}>
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

/** 资金执行's 登记执行 (9_x/26_x): preset to the code's kind; the lines' kind decides the code. */
function FundPerformLauncher({ typeCode, onDone }: LauncherProps) {
  const gateway = useFundPlanGateway();
  return (
    <OpenScreenDialog button="登记执行" permission="contract:fundPerform:add" onDone={onDone}>
      {(done, close) => (
        <FundPerformFormDialog
          gateway={gateway}
          initial={performPreset(typeCode)}
          onClose={close}
          onSaved={(p) => done(sent(p))}
        />
      )}
    </OpenScreenDialog>
  );
}

/** 资金支付's 新增付款: 16_x on a sub-contract pay item, 20_1 on a payment plan line. */
function FundPayLauncher({ typeCode, onDone }: LauncherProps) {
  const gateway = useFundPayGateway();
  return (
    <OpenScreenDialog button="新增付款" permission="contract:fundPay:add" onDone={onDone}>
      {(done, close) => (
        <FundPayFormDialog
          gateway={gateway}
          typeCode={typeCode}
          onClose={close}
          onSaved={(p) => done(sent(p))}
        />
      )}
    </OpenScreenDialog>
  );
}

/** 合同文本 drafts the actor may send (1_x, 5_x and 24_1 all review a document). */
function useDocumentChoices(): () => Promise<SendChoice[]> {
  const http = useService(TOKENS.Http);
  const actor = useActionActor();
  const documents = useMemo(() => new ContractDocumentGateway(http), [http]);
  return () =>
    orNone(
      documents.list(PAGE).then((page) =>
        page.rows
          .filter((d) => mayActOnContractDocument('submit', d, actor))
          .map((d) => ({
            id: `doc:${String(d.documentId)}`,
            label: `合同文本：${d.docTypeName} ${d.contractName}`.trim(),
            row: d,
          })),
      ),
    );
}

/** The document half of a contract-kind send: 合同文本's 提交审批 with the chosen code. */
function useDocumentSend() {
  const http = useService(TOKENS.Http);
  const documents = useMemo(() => new ContractDocumentGateway(http), [http]);
  return (id: string, typeCode: string, idempotencyKey: string) =>
    documents.submit(Number(id.slice('doc:'.length)), { idempotencyKey }, typeCode).then(sent);
}

/** 合同管理's 提交评审 (1_x) of a contract under review, or a 合同文本 sent as a review. */
function ContractReviewLauncher(props: LauncherProps) {
  const contracts = useService(TOKENS.ContractGateway);
  const actor = useActionActor();
  const documents = useDocumentChoices();
  const sendDocument = useDocumentSend();
  const group24 = props.typeCode === '24_1';
  return (
    <PickAndSend<unknown>
      {...props}
      queryKey={`review:${group24 ? '24' : '1'}`}
      button={group24 ? '提交审批' : '提交评审'}
      load={async () => [
        // The contract route takes 1_x only; 24_1 reviews a contract's text.
        ...(group24
          ? []
          : (await contracts.list('contract', PAGE)).rows
              .filter((c) => c.stage === 'contract' && mayActOnContract('submit', c, actor))
              .map((c) => ({
                id: String(c.contractId),
                label: c.contractNo ? `${c.contractName}（${c.contractNo}）` : c.contractName,
                row: c,
              }))),
        ...(await documents()),
      ]}
      send={(c, code, key) =>
        c.id.startsWith('doc:')
          ? sendDocument(c.id, code, key)
          : contracts.submit('contract', Number(c.id), key, code).then(sent)
      }
    />
  );
}

/** 项目备案's 提交审批 (2_x) of a declared project or a project filing (立项). */
function FilingLauncher(props: LauncherProps) {
  const contracts = useService(TOKENS.ContractGateway);
  const actor = useActionActor();
  return (
    <PickAndSend<unknown>
      {...props}
      queryKey="filing"
      button="提交审批"
      load={async () => [
        ...(await contracts.list('declare', PAGE)).rows
          .filter((c) => c.stage === 'declare' && mayActOnContract('submit', c, actor))
          .map((c) => ({ id: String(c.contractId), label: `备案：${c.contractName}`, row: c })),
        ...(await orNone(
          contracts.lixiangList(PAGE).then((page) =>
            page.rows
              .filter((l) => lixiangActions.may('submit', l, actor))
              .map((l) => ({
                id: `lx:${String(l.lxId)}`,
                label: `立项：${l.projectName}（${l.lxNo}）`,
                row: l,
              })),
          ),
        )),
      ]}
      send={(c, code, key) =>
        c.id.startsWith('lx:')
          ? contracts.lixiangSubmit(Number(c.id.slice(3)), key, code).then(sent)
          : contracts.submit('declare', Number(c.id), key, code).then(sent)
      }
    />
  );
}

/** 分包合同's 提交审批 (5_x) of a sub-contract, or a 合同文本 sent as a payment contract. */
function SubContractLauncher(props: LauncherProps) {
  const contracts = useService(TOKENS.ContractGateway);
  const actor = useActionActor();
  const documents = useDocumentChoices();
  const sendDocument = useDocumentSend();
  return (
    <PickAndSend<unknown>
      {...props}
      queryKey="sub-contract"
      button="提交审批"
      load={async () => [
        ...(await contracts.childList(PAGE)).rows
          .filter((r) => contractChildActions.may('submit', r, actor))
          .map((r) => ({
            id: String(r.contractChildId),
            label: `分包合同：${r.contractChildNo} ${r.receiveCompanyName}（${r.contractName}）`,
            row: r,
          })),
        ...(await documents()),
      ]}
      send={(c, code, key) =>
        c.id.startsWith('doc:')
          ? sendDocument(c.id, code, key)
          : contracts.childSubmit(Number(c.id), key, code).then(sent)
      }
    />
  );
}

/** 成果盖章's 提交审批 (13_1): the seal request by its task and results, then its own dialog. */
function ResultSealLauncher(props: LauncherProps) {
  const http = useService(TOKENS.Http);
  const tasks = useMemo(() => new TaskGateway(http), [http]);
  const actor = useActionActor();
  return (
    <PickAndSend<SealRow>
      {...props}
      queryKey="result-seal"
      button="提交审批"
      load={async () =>
        (await tasks.seals(PAGE)).rows
          .filter((s) => maySubmitSeal(s, actor))
          .map((s) => ({
            id: String(s.resultSealId),
            label: `${s.taskNo} ${s.taskName}：${s.resultList.map((r) => r.fileName).join('、')}`,
            row: s,
          }))
      }
      send={(c, code, key) =>
        tasks
          .submitSeal(c.row.resultSealId, { idempotencyKey: key }, code as ResultSealTypeCode)
          .then(sent)
      }
      dialog={(c, submit, close, busy) => (
        <SealSubmitDialog seal={c.row} busy={busy} onClose={close} onSubmit={submit} />
      )}
    />
  );
}

/** Type group → the record screen's launcher; a group without one keeps the screen's note. */
export const SCREEN_LAUNCHERS: Readonly<
  Partial<Record<number, (props: LauncherProps) => ReactElement>>
> = {
  1: ContractReviewLauncher,
  2: FilingLauncher,
  5: SubContractLauncher,
  8: FundPlanLauncher,
  9: FundPerformLauncher,
  10: LoanLauncher,
  11: ClosingLauncher,
  13: ResultSealLauncher,
  16: FundPayLauncher,
  20: FundPayLauncher,
  24: ContractReviewLauncher,
  26: FundPerformLauncher,
};

/** The launcher of a type code's group, if its record screen has one. */
export const screenLauncherOf = (typeCode: string) =>
  SCREEN_LAUNCHERS[Number(typeCode.split('_')[0])];
