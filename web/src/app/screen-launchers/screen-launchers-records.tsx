/**
 * The launchers of the screens that send an existing record with one call (合同管理, 合同文本,
 * 项目备案, 项目立项, 分包合同, 成果盖章): a picker of what the actor may send now, then the
 * screen's own call. See screen-launchers.tsx.
 */
import {
  contractChildActions,
  lixiangActions,
  mayActOnContract,
  mayActOnContractDocument,
  maySubmitSeal,
  type ResultSealTypeCode,
} from '@dpms/core';
import type { SealRow } from '@dpms/http-client';
import { useService } from '../di';
import { useActionActor } from '../hooks';
import { TOKENS } from '../tokens';
import { SealSubmitDialog } from '../../features/task/SealSubmitDialog';
import {
  PickAndSend,
  type LauncherProps,
  type SendChoice,
} from '../../features/approval/screen-send';

/**
 * These lists take a `status` filter too, but here the record's own rule (core's mayActOn… of
 * 提交) decides by more than the status (a contract's stage, a filing's history, a seal's
 * applicant), so each picker still reads one page of the actor's records and filters with that
 * rule: a record beyond the first 1000 of a list is not offered (the draft pickers of
 * screen-launchers-forms.tsx ask by status instead).
 */
const PAGE = { pageNum: 1, pageSize: 1000 };
const sent = (r: { approvalId: string | null }) => ({ approvalId: r.approvalId });
/**
 * A picker's sources, in order: one the actor may not read (a project manager without 合同文本's
 * list permission, a user with 立项 or 合同文本 rights only) offers nothing rather than hiding the
 * records of the others; only when none can be read does the picker say it could not load.
 */
async function readable<T>(...sources: Promise<T[]>[]): Promise<T[]> {
  const read = await Promise.allSettled(sources);
  const refused = read.filter((r) => r.status === 'rejected');
  if (refused.length === read.length && refused[0] !== undefined) throw refused[0].reason;
  return read.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}

/** 合同文本 drafts the actor may send (1_x, 5_x and 24_1 all review a document). */
function useDocumentChoices(): () => Promise<SendChoice[]> {
  const actor = useActionActor();
  const documents = useService(TOKENS.ContractDocumentGateway);
  return () =>
    documents.list(PAGE).then((page) =>
      page.rows
        .filter((d) => mayActOnContractDocument('submit', d, actor))
        .map((d) => ({
          id: `doc:${String(d.documentId)}`,
          label: `合同文本：${d.docTypeName} ${d.contractName}`.trim(),
          row: d,
        })),
    );
}

/** The document half of a contract-kind send: 合同文本's 提交审批 with the chosen code. */
function useDocumentSend() {
  const documents = useService(TOKENS.ContractDocumentGateway);
  return (id: string, typeCode: string, idempotencyKey: string) =>
    documents.submit(Number(id.slice('doc:'.length)), { idempotencyKey }, typeCode).then(sent);
}

/** 合同管理's 提交评审 (1_x) of a contract under review, or a 合同文本 sent as a review. */
export function ContractReviewLauncher(props: LauncherProps) {
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
      load={() =>
        readable<SendChoice>(
          // The contract route takes 1_x only; 24_1 reviews a contract's text.
          group24
            ? Promise.resolve([])
            : contracts.list('contract', PAGE).then((page) =>
                page.rows
                  .filter((c) => c.stage === 'contract' && mayActOnContract('submit', c, actor))
                  .map((c) => ({
                    id: String(c.contractId),
                    label: c.contractNo ? `${c.contractName}（${c.contractNo}）` : c.contractName,
                    row: c,
                  })),
              ),
          documents(),
        )
      }
      send={(c, code, key) =>
        c.id.startsWith('doc:')
          ? sendDocument(c.id, code, key)
          : contracts.submit('contract', Number(c.id), key, code).then(sent)
      }
    />
  );
}

/** 项目备案's 提交审批 (2_x) of a declared project or a project filing (立项). */
export function FilingLauncher(props: LauncherProps) {
  const contracts = useService(TOKENS.ContractGateway);
  const actor = useActionActor();
  return (
    <PickAndSend<unknown>
      {...props}
      queryKey="filing"
      button="提交审批"
      load={() =>
        readable<SendChoice>(
          contracts.list('declare', PAGE).then((page) =>
            page.rows
              .filter((c) => c.stage === 'declare' && mayActOnContract('submit', c, actor))
              .map((c) => ({
                id: String(c.contractId),
                label: `备案：${c.contractName}`,
                row: c,
              })),
          ),
          contracts.lixiangList(PAGE).then((page) =>
            page.rows
              .filter((l) => lixiangActions.may('submit', l, actor))
              .map((l) => ({
                id: `lx:${String(l.lxId)}`,
                label: `立项：${l.projectName}（${l.lxNo}）`,
                row: l,
              })),
          ),
        )
      }
      send={(c, code, key) =>
        c.id.startsWith('lx:')
          ? contracts.lixiangSubmit(Number(c.id.slice(3)), key, code).then(sent)
          : contracts.submit('declare', Number(c.id), key, code).then(sent)
      }
    />
  );
}

/** 分包合同's 提交审批 (5_x) of a sub-contract, or a 合同文本 sent as a payment contract. */
export function SubContractLauncher(props: LauncherProps) {
  const contracts = useService(TOKENS.ContractGateway);
  const actor = useActionActor();
  const documents = useDocumentChoices();
  const sendDocument = useDocumentSend();
  return (
    <PickAndSend<unknown>
      {...props}
      queryKey="sub-contract"
      button="提交审批"
      load={() =>
        readable<SendChoice>(
          contracts.childList(PAGE).then((page) =>
            page.rows
              .filter((r) => contractChildActions.may('submit', r, actor))
              .map((r) => ({
                id: String(r.contractChildId),
                label: `分包合同：${r.contractChildNo} ${r.receiveCompanyName}（${r.contractName}）`,
                row: r,
              })),
          ),
          documents(),
        )
      }
      send={(c, code, key) =>
        c.id.startsWith('doc:')
          ? sendDocument(c.id, code, key)
          : contracts.childSubmit(Number(c.id), key, code).then(sent)
      }
    />
  );
}

/** 成果盖章's 提交审批 (13_1): the seal request by its task and results, then its own dialog. */
export function ResultSealLauncher(props: LauncherProps) {
  const tasks = useService(TOKENS.TaskGateway);
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
