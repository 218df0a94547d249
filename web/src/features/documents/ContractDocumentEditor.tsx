import {
  APPROVAL_SIGN_TYPES,
  CONTRACT_DOC_FIELD_NAMES,
  applyCompanySettings,
  applyContractDocOptions,
  contractDocPayload,
  contractDocTitle,
  EMPTY_CONTRACT_DOC_VALUES,
  hasProjectAndStage,
  loadContractDoc,
  parseSignType,
  type ContractDocFieldName,
  type ContractDocState,
  type ContractDocType,
  type ContractDocValidationMode,
  type ContractDocValues,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { contractDocumentSaveBody, requiredContractDocFields } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload/download';
import { useFilePreview } from '../../components/upload/useFilePreview';
import { ActionKeys } from '../../components/crud/action-keys';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { ContractDocument, type ContractDocErrors } from './ContractDocument';
import type {
  ContractDocumentGateway,
  DocumentApproval,
  SignDocumentBody,
  StoredContractDocument,
} from '@dpms/http-client';

export interface ContractDocumentEditorProps {
  readonly gateway: ContractDocumentGateway;
  /** A stored document to open; without it a new document of `type`. */
  readonly documentId?: number;
  readonly type?: ContractDocType;
  /** Locks the fields even when the document could still change. */
  readonly readOnly?: boolean;
  /** The reading mode of the sign footer (route query `signtype`). */
  readonly signtype?: unknown;
  /** A new document was stored: its id, so the page's address can name it. */
  readonly onCreated?: (documentId: number) => void;
}

/** The stored document as printed by the print service, with its signatures. */
export const documentPdfPath = (documentId: number): string =>
  `/v4/contract-document/pdf?documentId=${documentId}`;

const SIGN_LABELS = { approve: '同意', reject: '驳回' } as const;

const DOC_FIELDS = new Set<string>(CONTRACT_DOC_FIELD_NAMES);

/** The form's problems as the document shows them: one message beside each field. */
const errorsOf = (errors: FieldErrors<ContractDocValues>): ContractDocErrors => {
  const shown: Partial<Record<ContractDocFieldName, string>> = {};
  for (const field of CONTRACT_DOC_FIELD_NAMES) {
    const message = errors[field]?.message;
    if (message !== undefined && message !== '') shown[field] = message;
  }
  return shown;
};

/**
 * A contract document on screen: loads the stored document (or starts a new one of the type),
 * fetches party A's settings, the projects with their task orders and, for type 7, the
 * process-cost list in parallel, each filling the form as it arrives; saves the document with
 * its contract and sends it into approval. Every rule is core's: the words, the name, the
 * choices, the input filters and the checks before a call. The document's values are core's
 * state (its choices fill several fields at once); react-hook-form mirrors them and checks them
 * with the @dpms/wire body the save sends (`contractDocumentSaveBody`, core's document rules), so
 * every field's problem shows beside it at once before anything is sent, the fields a submit
 * needs are marked, and a server refusal of a field lands beside it.
 */
export function ContractDocumentEditor(props: ContractDocumentEditorProps) {
  const { gateway, documentId } = props;
  const feedback = useService(TOKENS.Feedback);
  const preview = useFilePreview();
  const [state, setState] = useState<ContractDocState | null>(null);
  const [stored, setStored] = useState<StoredContractDocument | null>(null);
  const [approval, setApproval] = useState<DocumentApproval | null>(null);
  const [opinion, setOpinion] = useState('');
  const [signing, setSigning] = useState<'' | SignDocumentBody['action']>('');
  // One key per signing action until it is answered: a repeated click or a retry after a lost
  // answer is the same action (the approval center's rule, `ActionKeys`).
  const signKeys = useRef(new ActionKeys());
  const [failure, setFailure] = useState<string>('');
  const [busy, setBusy] = useState<'' | 'save' | 'submit'>('');
  // The id this editor stored itself: opening it again must not reload what is on screen.
  const createdId = useRef<number | undefined>(undefined);
  // What the check reads when a button is pressed: the document as it is, and which button.
  const current = useRef<{ state: ContractDocState | null; stored: StoredContractDocument | null }>(
    { state: null, stored: null },
  );
  current.current = { state, stored };
  const mode = useRef<ContractDocValidationMode>('save');
  const bodyOf = (values: ContractDocValues) => {
    const { state: s, stored: doc } = current.current;
    return {
      ...(s === null ? values : contractDocPayload(s.type, values)),
      docType: s?.type,
      ...(doc === null ? {} : { documentId: doc.documentId, version: doc.version }),
      ...(mode.current === 'submit' ? { submit: true } : {}),
    };
  };
  // Each intent (保存 or 提交审批) keeps its Idempotency-Key while its answer is lost, so a retry
  // never stores a second document.
  const { form, keys: saveKeys } = useWireForm<ContractDocValues>(
    contractDocumentSaveBody,
    EMPTY_CONTRACT_DOC_VALUES,
    {
      bodyOf,
      ...(state === null ? {} : { values: state.values }),
      // Core's state drives the values; a field's problem stays until that field changes.
      resetOptions: { keepErrors: true, keepDefaultValues: true },
    },
  );
  const { handleSubmit, setError, clearErrors, formState } = form;
  const errors = errorsOf(formState.errors);

  useEffect(() => {
    if (documentId !== undefined && documentId === createdId.current) return;
    let live = true;
    const settle = (update: (s: ContractDocState) => ContractDocState) =>
      live && setState((s) => (s === null ? s : update(s)));
    setFailure('');
    setApproval(null);
    clearErrors();
    const open = async () => {
      let doc: StoredContractDocument | null = null;
      let type = props.type;
      const settings = gateway.companySettings();
      if (documentId !== undefined) {
        doc = await gateway.detail(documentId);
        type = doc.docType;
      }
      if (type === undefined) throw new Error('请选择合同类型');
      if (!live) return;
      setStored(doc);
      setState(
        loadContractDoc({
          type,
          readOnly: props.readOnly === true || (doc !== null && !doc.editable),
          data: doc ?? {},
        }),
      );
      // Party A, the option lists and the signatures arrive in parallel, each on its own.
      const docType = type;
      void settings.then((s) => settle((st) => applyCompanySettings(st, s)));
      if (hasProjectAndStage(docType)) {
        gateway.projects().then(
          (projects) => settle((st) => applyContractDocOptions(st, { projects })),
          () => undefined,
        );
      }
      if (docType === 7) {
        gateway.processCosts().then(
          (processCosts) => settle((st) => applyContractDocOptions(st, { processCosts })),
          () => undefined,
        );
      }
      if (doc?.approvalId) {
        gateway.approval(doc.approvalId).then(
          (a) => live && setApproval(a),
          () => undefined,
        );
      }
    };
    open().catch((e: unknown) => live && setFailure(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [gateway, documentId, props.type, props.readOnly]);

  if (failure !== '') {
    return (
      <p role="alert" className="p-6 text-danger-600">
        {failure}
      </p>
    );
  }
  if (state === null) {
    return (
      <p className="p-6 text-muted" aria-busy>
        加载中…
      </p>
    );
  }

  const change = (next: ContractDocState) => {
    // A field changed: its old message no longer applies.
    const changed = CONTRACT_DOC_FIELD_NAMES.filter((f) => next.values[f] !== state.values[f]);
    if (changed.length > 0) clearErrors(changed);
    setState(next);
  };

  const send = async (values: ContractDocValues, intent: ContractDocValidationMode) => {
    setBusy(intent);
    const outcome = await saveKeys.run(intent, (idempotencyKey) =>
      gateway.save(
        {
          ...contractDocPayload(state.type, values),
          docType: state.type,
          ...(stored === null ? {} : { documentId: stored.documentId, version: stored.version }),
          ...(intent === 'submit' ? { submit: true } : {}),
        },
        { idempotencyKey },
      ),
    );
    setBusy('');
    if (!outcome.ok) {
      // Every field the server refused lands beside its field; the message shows apart too, as
      // the field may be out of sight on the long page.
      landRefusal(outcome.error, DOC_FIELDS, setError);
      feedback.error(outcome.message);
      return;
    }
    const saved = outcome.value;
    setStored(saved);
    clearErrors();
    // What the server stored (party A filled, words and name recomputed) is what shows.
    setState((s) =>
      s === null
        ? s
        : loadContractDoc({
            type: s.type,
            readOnly: !saved.editable,
            data: saved,
            projects: s.projectOptions,
            processCosts: s.processCosts,
          }),
    );
    feedback.success(intent === 'submit' ? '已提交审批' : '保存成功');
    if (stored === null) {
      createdId.current = saved.documentId;
      props.onCreated?.(saved.documentId);
    }
  };

  const store = (intent: ContractDocValidationMode) => {
    mode.current = intent;
    void handleSubmit(
      (values) => send(values, intent),
      (found) => {
        // The first problem, in the document's order, also as a message: the page is long.
        const first = CONTRACT_DOC_FIELD_NAMES.map((f) => found[f]?.message).find(Boolean);
        feedback.error(first ?? Object.values(found)[0]?.message ?? '请检查填写的内容');
      },
    )();
  };

  const signtype =
    parseSignType(props.signtype) ??
    (stored?.approvalId ? APPROVAL_SIGN_TYPES.VIEWING_PENDING : APPROVAL_SIGN_TYPES.NONE);

  // Signing mode (signtype 3): the signer whose node is current approves or rejects here, with
  // the opinion typed into the footer, as in the approval center.
  const allowed = new Set(approval?.allowedActions ?? []);
  const approvalVersion = approval?.approval?.version;
  const canSign =
    signtype === APPROVAL_SIGN_TYPES.APPROVING &&
    stored?.approvalId != null &&
    approvalVersion !== undefined &&
    (allowed.has('approve') || allowed.has('reject'));

  /** The stored document and its approval again, after a signature changed them. */
  const refresh = async (id: number) => {
    const doc = await gateway.detail(id);
    setStored(doc);
    setState((s) =>
      loadContractDoc({
        type: doc.docType,
        readOnly: props.readOnly === true || !doc.editable,
        data: doc,
        ...(s === null ? {} : { projects: s.projectOptions, processCosts: s.processCosts }),
      }),
    );
    setApproval(doc.approvalId ? await gateway.approval(doc.approvalId) : null);
  };

  const sign = async (action: SignDocumentBody['action']) => {
    if (stored?.approvalId == null || approvalVersion === undefined) return;
    if (action === 'reject') {
      const ok = await feedback.confirm({ title: '系统提示', message: '确认驳回该审批吗？' });
      if (!ok) return;
    }
    const typed = opinion.trim();
    const { approvalId, documentId: id } = stored;
    setSigning(action);
    try {
      const outcome = await signKeys.current.run(action, (key) =>
        gateway.sign(
          {
            approvalId,
            action,
            version: approvalVersion,
            ...(typed === '' ? {} : { opinion: typed }),
          },
          key,
        ),
      );
      if (outcome.ok) {
        setOpinion('');
        feedback.success(`${SIGN_LABELS[action]}成功`);
        await refresh(id);
        return;
      }
      feedback.error(outcome.message);
      // Someone acted first (a stale version), or the try whose answer was lost was applied
      // before the opinion changed (422 on the kept key): show what the approval is now.
      if (outcome.reload) await refresh(id).catch(() => undefined);
    } catch (e) {
      feedback.error(errorMessage(e));
    } finally {
      setSigning('');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="doc-no-print flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold text-ink">
          {contractDocTitle(state.type)}
          {stored && (
            <span className="ml-2 text-sm font-normal text-ink-soft" data-testid="document-status">
              {stored.statusName}
            </span>
          )}
        </h2>
        {stored && (
          <>
            <Button
              variant="ghost"
              onClick={() =>
                void preview.openExport({
                  fileName: `${stored.contractName ?? '合同文本'}.pdf`,
                  apiPath: documentPdfPath(stored.documentId),
                })
              }
            >
              查看PDF
            </Button>
            <Button
              variant="ghost"
              onClick={() =>
                void downloadExport(
                  documentPdfPath(stored.documentId),
                  `${stored.contractName ?? '合同文本'}.pdf`,
                )
              }
            >
              下载PDF
            </Button>
          </>
        )}
        {canSign && (
          <>
            {allowed.has('approve') && (
              <Button
                variant="primary"
                loading={signing === 'approve'}
                disabled={signing !== ''}
                onClick={() => void sign('approve')}
              >
                同意
              </Button>
            )}
            {allowed.has('reject') && (
              <Button
                variant="danger"
                loading={signing === 'reject'}
                disabled={signing !== ''}
                onClick={() => void sign('reject')}
              >
                驳回
              </Button>
            )}
          </>
        )}
        {!state.readOnly && (
          <>
            <Button loading={busy === 'save'} disabled={busy !== ''} onClick={() => store('save')}>
              保存
            </Button>
            <Button
              variant="primary"
              loading={busy === 'submit'}
              disabled={busy !== ''}
              onClick={() => store('submit')}
            >
              提交审批
            </Button>
          </>
        )}
      </div>
      <div className="overflow-x-auto rounded-card bg-canvas p-2 sm:p-4">
        <ContractDocument
          state={state}
          onChange={change}
          onRefused={(message) => feedback.warning(message)}
          errors={errors}
          {...(state.readOnly ? {} : { required: requiredContractDocFields(state.type) })}
          signtype={signtype}
          approval={approval}
          drafter={{ name: stored?.createByName ?? '' }}
          {...(canSign ? { opinion: { value: opinion, onChange: setOpinion } } : {})}
        />
      </div>
      {preview.dialog}
    </div>
  );
}
