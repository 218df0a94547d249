import {
  RECORD_PICKER_LABELS,
  approvalMessages,
  type ApprovalRecordLink,
  type TemplateContent,
} from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { RecordSelect } from './RecordSelect';

/** One record a form may concern, by name, with the form fields picking it fills in. */
export interface RecordChoice {
  readonly id: string;
  readonly label: string;
  /** refname → value: the record's own figures the form shows read-only. */
  readonly fills: Readonly<Record<string, string>>;
}

/** The record 发起审批 names: the kind the server expects for the code, and its id. */
export interface PickedRecord {
  readonly recordKind: string;
  readonly recordId: string;
}

/**
 * The record kind a picked record is sent as: a `link` form names the record itself (the task
 * sheet's kind); a `create` form names the record it is drawn on, by the picker's name, and the
 * server creates the record through its own use case.
 */
export const centreRecordKind = (link: ApprovalRecordLink): string =>
  link.fromCentre === 'link' ? (link.recordKinds[0] ?? link.picker) : link.picker;

/** Core's refusal, shown before anything is sent: "请选择关联合同". */
export const recordRequiredMessage = (link: ApprovalRecordLink): string =>
  approvalMessages.recordRequired(RECORD_PICKER_LABELS[link.picker]).message;

const PAGE = { pageNum: 1, pageSize: 1000 };

/** The choices of a picker, from the record's own list route (names, never typed ids). */
function useChoices(link: ApprovalRecordLink): { choices: RecordChoice[]; loading: boolean } {
  const contracts = useService(TOKENS.ContractGateway);
  const tasks = useService(TOKENS.TaskGateway);
  const archives = useService(TOKENS.ArchiveGateway);
  const query = useQuery({
    queryKey: ['approval-record-choices', link.picker],
    staleTime: 30_000,
    queryFn: async (): Promise<RecordChoice[]> => {
      switch (link.picker) {
        case 'contract':
          return (await contracts.list('contract', PAGE)).rows.map((c) => ({
            id: String(c.contractId),
            label: c.contractNo ? `${c.contractName}（${c.contractNo}）` : c.contractName,
            fills: {
              contractName: c.contractName,
              contractNo: c.contractNo ?? '',
              totalAmount: c.totalAmount ?? '',
            },
          }));
        case 'task':
          return (await tasks.list(PAGE)).rows.map((t) => ({
            id: String(t.taskId),
            label: `${t.taskName}（${t.taskNo}）`,
            fills: { taskName: t.taskName },
          }));
        case 'archive':
          return (await archives.list(PAGE)).rows.map((a) => ({
            id: String(a.archiveId),
            label: a.archiveNo ? `${a.archiveName}（${a.archiveNo}）` : a.archiveName,
            fills: { archivesName: a.archiveName },
          }));
        case 'filing':
          // Only a formal filing (approved or 补录) is changed through 备案变更.
          return (await contracts.lixiangList(PAGE)).rows
            .filter((l) => l.status === 1 || l.history)
            .map((l) => ({
              id: String(l.lxId),
              label: l.lxNo ? `${l.projectName}（${l.lxNo}）` : l.projectName,
              fills: { projectName: l.projectName, lxNo: l.lxNo },
            }));
        default:
          return [];
      }
    },
  });
  return { choices: query.data ?? [], loading: query.isLoading };
}

/** The picked record's figures written into the fields the form has. */
export function withRecordFills(content: TemplateContent, choice: RecordChoice): TemplateContent {
  const out: Record<string, TemplateContent[string]> = { ...content };
  for (const [refname, value] of Object.entries(choice.fills)) {
    const entry = out[refname];
    if (entry !== undefined) out[refname] = { ...entry, value };
  }
  return out;
}

/**
 * 关联合同 / 关联任务单 / 关联档案 on 发起审批: a required choice by name from the record's list;
 * its problem (core's words, or the server's refusal of `recordId`) shows beside it.
 */
export function RecordPicker({
  link,
  value,
  error,
  disabled,
  onPick,
}: {
  link: ApprovalRecordLink;
  value: string;
  error?: string | undefined;
  disabled?: boolean;
  onPick: (choice: RecordChoice | null) => void;
}) {
  const { choices, loading } = useChoices(link);
  const noun = RECORD_PICKER_LABELS[link.picker];
  return (
    <RecordSelect
      noun={noun}
      choices={choices}
      placeholder={loading ? '加载中…' : `请选择${noun}`}
      value={value}
      error={error}
      disabled={disabled === true || loading}
      onPick={onPick}
    />
  );
}
