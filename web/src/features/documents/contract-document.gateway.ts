import {
  COMPANY_SETTING_KEYS,
  companySettingsFromConfig,
  type ApprovalDetail,
  type CompanySettingKey,
  type CompanySettings,
  type ConfigAnswer,
  type ContractDocData,
  type ContractDocPayload,
  type ContractDocType,
  type MajorOption,
  type ProcessCostItem,
  type ProjectOption,
  type TaskOption,
} from '@dpms/core';
import { ApiError, type HttpClient, type Page } from '@dpms/http-client';

/** A stored document as the API answers it: its fields flat, with its state beside them. */
export interface StoredContractDocument extends ContractDocData {
  readonly documentId: number;
  readonly docType: ContractDocType;
  readonly docTypeName: string;
  readonly status: -1 | 0 | 1 | 2 | 3;
  readonly statusName: string;
  readonly editable: boolean;
  readonly approvalId: string | null;
  readonly version: number;
  readonly createBy: string;
  readonly createTime: string;
  readonly updateTime: string;
}

export interface DocumentListQuery {
  pageNum: number;
  pageSize: number;
  docType?: string;
  status?: string;
  contractName?: string;
}

export interface SaveDocumentBody extends ContractDocPayload {
  readonly docType: ContractDocType;
  readonly documentId?: number;
  readonly version?: number;
  readonly submit?: boolean;
}

/**
 * The approval behind a document as the footer reads it: the spec's detail with the signers'
 * names and times, the version an action must name, and the actions the viewer may take now.
 */
export type DocumentApproval = ApprovalDetail & {
  readonly approval?: { readonly version?: number; readonly status?: number };
  readonly allowedActions?: readonly string[];
};

/** Signing from the document (signtype 3): the approval center's own call and body. */
export interface SignDocumentBody {
  readonly approvalId: string;
  readonly action: 'approve' | 'reject';
  readonly version: number;
  readonly opinion?: string;
}

/** The process-cost list type 7 reads its deliverable from (dictionary process_cost). */
export const PROCESS_COST_DICT = 'process_cost';

type Loose = Readonly<Record<string, unknown>>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;
const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
const idOf = (v: unknown): string | number | undefined =>
  typeof v === 'string' || typeof v === 'number' ? v : undefined;

/**
 * A discipline, a task order and a project as listByDesign sends them. The spec names the
 * option shape (value, text, projectName, taskList; value, text, designStageId, majorList); the
 * task records' own names (contractId, tasks, taskId, majorId ...) are read too, so the screen
 * works whichever the list answers with.
 */
const majorOf = (m: Loose): MajorOption | null => {
  const value = idOf(m['value']) ?? idOf(m['majorId']) ?? idOf(m['id']);
  if (value === undefined) return null;
  return { value, text: textOf(m['text']) || textOf(m['majorName']) || textOf(m['label']) };
};

const taskOf = (t: Loose): TaskOption | null => {
  const value = idOf(t['value']) ?? idOf(t['taskId']);
  if (value === undefined) return null;
  const majors = Array.isArray(t['majorList']) ? (t['majorList'] as unknown[]) : [];
  const text =
    textOf(t['text']) ||
    [textOf(t['designStageName']), textOf(t['taskName'])].filter((s) => s !== '').join(' · ') ||
    textOf(t['taskNo']);
  return {
    value,
    text,
    designStageId: idOf(t['designStageId']) ?? null,
    majorList: majors.filter(isObject).flatMap((m) => majorOf(m) ?? []),
  };
};

export const projectOptionOf = (p: Loose): ProjectOption | null => {
  const value = idOf(p['value']) ?? idOf(p['contractId']);
  if (value === undefined) return null;
  const tasks = Array.isArray(p['taskList'])
    ? (p['taskList'] as unknown[])
    : Array.isArray(p['tasks'])
      ? (p['tasks'] as unknown[])
      : [];
  return {
    value,
    text: textOf(p['text']) || textOf(p['contractName']) || textOf(p['projectName']),
    projectName: textOf(p['projectName']) || null,
    taskList: tasks.filter(isObject).flatMap((t) => taskOf(t) ?? []),
  };
};

/**
 * The names and times of the signers, from the approval's log: the detail's node rows carry
 * neither (000 §3), the log carries both, so each signed row gets the last approve or reject of
 * its node in the current round.
 */
export function withSigners(answer: Loose): DocumentApproval | null {
  const bo = answer['approvalDetailBO'];
  if (!isObject(bo)) return null;
  const names = isObject(answer['userNames']) ? answer['userNames'] : {};
  const approval = isObject(answer['approval']) ? answer['approval'] : {};
  const round = approval['round'];
  const log = (Array.isArray(answer['log']) ? (answer['log'] as unknown[]) : []).filter(isObject);
  const rows = (Array.isArray(bo['approvalNodeList']) ? (bo['approvalNodeList'] as unknown[]) : [])
    .filter(isObject)
    .map((row) => {
      const signed = log
        .filter(
          (e) =>
            (e['action'] === 'approve' || e['action'] === 'reject') &&
            textOf(e['nodeId']) === textOf(row['nodeId']) &&
            (round === undefined || e['round'] === round),
        )
        .at(-1);
      return signed === undefined
        ? row
        : {
            ...row,
            approvalUserName: textOf(names[textOf(signed['actorId'])]),
            approvalTime: textOf(signed['createTime']),
          };
    });
  return {
    ...(answer as unknown as DocumentApproval),
    approvalDetailBO: {
      ...(bo as unknown as ApprovalDetail['approvalDetailBO']),
      approvalNodeList: rows as unknown as ApprovalDetail['approvalDetailBO']['approvalNodeList'],
    },
  };
}

/**
 * The document screens' calls: the stored documents (/v4/contract-document/*), party A's company
 * settings (six config keys in parallel; a key whose answer is not code 200 stays empty, 001 §7-§8),
 * the project and task lists of the design tasks (listByDesign), the process-cost list, and the
 * approval detail behind a signed document's footer.
 */
export class ContractDocumentGateway {
  constructor(private readonly http: HttpClient) {}

  async companySettings(): Promise<CompanySettings> {
    const answers = await Promise.all(
      COMPANY_SETTING_KEYS.map(async (key): Promise<[CompanySettingKey, ConfigAnswer]> => {
        try {
          const res = await this.http.get(`/system/config/configKey/${key}`, { quiet: true });
          return [key, { code: res.code, msg: res.msg ?? '' }];
        } catch (e) {
          return [key, { code: e instanceof ApiError ? e.status : 0 }];
        }
      }),
    );
    return companySettingsFromConfig(Object.fromEntries(answers));
  }

  /** The contracts with their task orders; an unavailable list leaves the choice empty. */
  async projects(): Promise<ProjectOption[]> {
    const res = await this.http.get('/v4/contract/listByDesign', { quiet: true });
    const raw = Array.isArray(res['data'])
      ? (res['data'] as unknown[])
      : Array.isArray(res['rows'])
        ? (res['rows'] as unknown[])
        : [];
    return raw.filter(isObject).flatMap((p) => projectOptionOf(p) ?? []);
  }

  async processCosts(): Promise<ProcessCostItem[]> {
    const res = await this.http.get(`/system/dict/data/type/${PROCESS_COST_DICT}`, { quiet: true });
    const raw = Array.isArray(res['data']) ? (res['data'] as unknown[]) : [];
    return raw.filter(isObject).map((d) => ({
      designStageId: textOf(d['dictValue']),
      projectResultContent: textOf(d['dictLabel']),
    }));
  }

  async list(query: DocumentListQuery): Promise<Page<StoredContractDocument>> {
    const res = await this.http.get('/v4/contract-document/list', { params: { ...query } });
    return {
      rows: Array.isArray(res['rows']) ? (res['rows'] as StoredContractDocument[]) : [],
      total: typeof res['total'] === 'number' ? res['total'] : 0,
    };
  }

  async detail(documentId: number): Promise<StoredContractDocument> {
    const res = await this.http.get('/v4/contract-document/detailById', {
      params: { documentId },
    });
    return res['data'] as StoredContractDocument;
  }

  async save(body: SaveDocumentBody): Promise<StoredContractDocument> {
    const res = await this.http.post('/v4/contract-document/add', body);
    return res['data'] as StoredContractDocument;
  }

  async submit(documentId: number): Promise<StoredContractDocument> {
    const res = await this.http.post('/v4/contract-document/updateToApproval', { documentId });
    return res['data'] as StoredContractDocument;
  }

  async remove(documentId: number): Promise<void> {
    await this.http.get('/v4/contract-document/deleteById', { params: { documentId } });
  }

  /** The approval behind a document's sign footer, with the signers' names and times. */
  async approval(approvalId: string): Promise<DocumentApproval | null> {
    const res = await this.http.get('/project/approval/getCommonApprovalDetail', {
      params: { approvalId },
    });
    return isObject(res['data']) ? withSigners(res['data']) : null;
  }

  /**
   * Approves or rejects the document's approval with the signer's opinion, as the approval
   * center does: the same call, the version read with the detail, one Idempotency-Key per action.
   */
  async sign(body: SignDocumentBody, key: string): Promise<void> {
    await this.http.post('/project/approval/process', body, {
      headers: { 'Idempotency-Key': key },
    });
  }
}
