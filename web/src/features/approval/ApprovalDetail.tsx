import { Link } from 'react-router';
import {
  centreMayEdit,
  currentSignFlowName,
  fillableSignSteps,
  isSkippedNode,
  approvalNodeNoteLine,
  sortSignFlow,
  type ProcessActionType,
} from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload/download';
import { ApprovalForm, useFileActions } from './ApprovalForm';
import { SignatureImage, SignFooter, typedOpinion } from './SignFooter';
import { EXPIRED_FILE_TEXT, isExpiredFile, TemplateRenderer } from './TemplateRenderer';
import { kindForm } from './templates';
import { useApprovalActions } from './useApprovalActions';
import { ApprovalHistory } from './ApprovalHistory';
import { ApprovalSheetView, WaitingHolders } from './ApprovalSheetView';
import { sheetShown } from './sheet-shown';
import { fileNameOf } from './useApprovalFiles';
import { useOptionSources } from './useOptionSources';
import { useInstituteClock } from '../../components/time/institute-clock';
import {
  ACTION_LABELS,
  type ApprovalDetailProps,
  detailSignType,
  Info,
  opinionErrorOf,
} from './ApprovalDetailParts';
import { StatusPill } from '../../components/widgets/StatusPill';
import { ApprovalActionPicker, type PickerAction } from './ApprovalActionPicker';

export { detailSignType } from './ApprovalDetailParts';

/**
 * The detail of one approval: the form as filed, the attachments, the design-team sign flow, a
 * signature row per node (approvalDetailBO), the action log, and the actions the viewer may take
 * now (approve, reject, return to an earlier node, transfer, copy, urge, withdraw, submit).
 */
export function ApprovalDetailDialog({ approvalId, onClose }: ApprovalDetailProps) {
  const gateway = useService(TOKENS.ApprovalGateway);
  const clock = useInstituteClock();
  const feedback = useService(TOKENS.Feedback);
  const { session } = useSession();
  const query = useQuery({
    queryKey: ['approval-detail', approvalId],
    queryFn: () => gateway.detail(approvalId),
  });
  const signature = useQuery({ queryKey: ['my-signature'], queryFn: () => gateway.signature() });
  // Opened: the server has read its 抄送/催办 notices to the viewer, so the bell drops them now.
  const notify = useService(TOKENS.Notify);
  const opened = query.isSuccess;
  useEffect(() => {
    if (opened) notify.approvalOpened(approvalId);
  }, [opened, notify, approvalId]);
  const { run, busy } = useApprovalActions(() => void query.refetch());
  const [values, setValues] = useState<Record<string, string>>({});
  const [picker, setPicker] = useState<PickerAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [opinionError, setOpinionError] = useState<string | undefined>(undefined);
  const files = useFileActions((m) => feedback.error(m));
  const detail = query.data;
  const approval = detail?.approval;
  const form = approval ? kindForm(approval.kind) : undefined;
  const sections =
    approval?.templateContent && approval.templateContent.length > 0
      ? approval.templateContent
      : (form?.sections ?? []);
  const sources = useOptionSources(sections);

  if (!detail || !approval) {
    return (
      <Dialog open onClose={onClose} title="审批详情" width={1000} testId="approval-detail">
        <p className="py-10 text-center text-muted" aria-busy>
          {query.error ? String(query.error.message) : '加载中'}
        </p>
      </Dialog>
    );
  }
  const signtype = detailSignType(detail);
  const allowed = new Set<ProcessActionType>(detail.allowedActions);
  const me = String(session.userInfo?.userId ?? '');
  const drafter = approval.drafterId === me;
  const name = (id: string | null | undefined) => (id ? (detail.userNames[id] ?? id) : '');
  const shownSheet = sheetShown(detail.sheet, approval.content, sections);

  const act = async (
    action: ProcessActionType,
    extra: { targetNodeId?: string; toUserId?: string } = {},
  ) => {
    if (action === 'withdraw' || action === 'reject') {
      const ok = await feedback.confirm({
        title: '系统提示',
        message: action === 'withdraw' ? '确认撤回该审批吗？' : '确认驳回该审批吗？',
      });
      if (!ok) return;
    }
    const opinion = typedOpinion(signtype, detail.approvalDetailBO, values);
    const answer = await run(
      action,
      (key) =>
        gateway.process(
          {
            approvalId: approval.approvalId,
            action,
            version: approval.version,
            ...(opinion === '' ||
            !['approve', 'reject', 'withdraw', 'return', 'transfer'].includes(action)
              ? {}
              : { opinion }),
            ...extra,
          },
          key,
        ),
      `${ACTION_LABELS[action] ?? '操作'}成功`,
      { onError: (e) => setOpinionError(opinionErrorOf(e)) },
    );
    if (answer) {
      setOpinionError(undefined);
      setValues({});
      setPicker(null);
      void query.refetch();
    }
  };
  const remove = async () => {
    const ok = await feedback.confirm({ title: '系统提示', message: '是否确认删除该审批？' });
    if (!ok) return;
    const done = await run(
      'delete',
      (key) => gateway.remove(approval.approvalId, key).then(() => true),
      '删除成功',
    );
    if (done) onClose();
  };
  const exportSheet = () =>
    void downloadExport(
      `/project/approval/export?serviceId=${approval.approvalId}`,
      `${approval.title}.xlsx`,
    );

  const earlier = approval.nodes.slice(0, approval.currentNodeIndex);
  const flows = sortSignFlow(detail.designTaskSignFlowList ?? []);
  const flowDetails = detail.designTaskSignDetailList ?? [];
  const fillable = new Set(
    fillableSignSteps(
      {
        flows,
        details: flowDetails,
      },
      me,
    ).map((s) => s.flowId),
  );
  const currentFlow = currentSignFlowName(flows, flowDetails);
  const attachments = [...detail.attachmentList, ...detail.sealImagesList];
  const editable =
    drafter && (approval.status === -1 || approval.status === 2 || approval.status === 3);
  const disabled = busy !== null;

  const buttons: ReactNode[] = [];
  const add = (key: string, node: ReactNode) => buttons.push(<span key={key}>{node}</span>);
  if (allowed.has('approve'))
    add(
      'approve',
      <Button
        variant="primary"
        loading={busy === 'approve'}
        disabled={disabled}
        onClick={() => void act('approve')}
      >
        同意
      </Button>,
    );
  if (allowed.has('reject'))
    add(
      'reject',
      <Button
        variant="danger"
        loading={busy === 'reject'}
        disabled={disabled}
        onClick={() => void act('reject')}
      >
        驳回
      </Button>,
    );
  if (allowed.has('return') && earlier.length > 0)
    add(
      'return',
      <Button disabled={disabled} onClick={() => setPicker('return')}>
        退回
      </Button>,
    );
  if (allowed.has('transfer'))
    add(
      'transfer',
      <Button disabled={disabled} onClick={() => setPicker('transfer')}>
        转办
      </Button>,
    );
  if (allowed.has('cc'))
    add(
      'cc',
      <Button disabled={disabled} onClick={() => setPicker('cc')}>
        抄送
      </Button>,
    );
  if (allowed.has('urge'))
    add(
      'urge',
      <Button loading={busy === 'urge'} disabled={disabled} onClick={() => void act('urge')}>
        催办
      </Button>,
    );
  if (allowed.has('withdraw'))
    add(
      'withdraw',
      <Button
        loading={busy === 'withdraw'}
        disabled={disabled}
        onClick={() => void act('withdraw')}
      >
        撤回
      </Button>,
    );
  // A form its record's use case wrote (an invoice request) is changed on the record's screen.
  if (
    editable &&
    kindForm(approval.kind) &&
    approval.kind !== 'ArchivesApproval' &&
    centreMayEdit(approval.typeCode, approval.recordKind)
  )
    add(
      'edit',
      <Button disabled={disabled} onClick={() => setEditing(true)}>
        修改
      </Button>,
    );
  if (allowed.has('submit'))
    add(
      'submit',
      <Button
        variant="primary"
        loading={busy === 'submit'}
        disabled={disabled}
        onClick={() => void act('submit')}
      >
        {approval.status === -1 ? '提交' : '重新提交'}
      </Button>,
    );
  if (drafter && (approval.status === -1 || approval.status === 3))
    add(
      'delete',
      <Button
        variant="danger"
        loading={busy === 'delete'}
        disabled={disabled}
        onClick={() => void remove()}
      >
        删除
      </Button>,
    );

  return (
    <Dialog
      open
      onClose={onClose}
      width={1000}
      closeOnClickOutside={false}
      title={`审批详情：${approval.title}`}
      testId="approval-detail"
      footer={
        <>
          <Button onClick={exportSheet}>导出</Button>
          {buttons}
          <Button onClick={onClose}>关闭</Button>
        </>
      }
    >
      <div className="space-y-5" data-version={approval.version} data-status={approval.status}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <Info label="审批类型">{approval.typeName}</Info>
          <Info label="状态">
            <span data-testid="detail-status">
              <StatusPill status={approval.status} />
            </span>
          </Info>
          <Info label="当前节点">
            <span data-testid="detail-current-node">
              {detail.approvalDetailBO.currentNodeName || '-'}
            </span>
            <WaitingHolders bo={detail.approvalDetailBO} nameOf={name} />
          </Info>
          <Info label="拟稿人">{name(approval.drafterId)}</Info>
          <Info label="提交时间">{clock.instant(approval.submitTime) || '-'}</Info>
          <Info label="审批流程">
            {approval.nodes
              .map((n) => (isSkippedNode(n) ? `${n.nodeName}（已跳过）` : n.nodeName))
              .join(' → ') || '-'}
          </Info>
        </dl>
        {shownSheet ? (
          <ApprovalSheetView sheet={shownSheet} />
        ) : (
          <TemplateRenderer
            template={{
              templateContent: sections,
              ...(form?.defaultMaxLength ? { defaultMaxLength: form.defaultMaxLength } : {}),
            }}
            content={approval.content}
            readOnly
            sources={sources}
            files={files.actions}
          />
        )}
        {attachments.length > 0 && (
          <section>
            <h3 className="mb-2 text-sm font-semibold text-ink">附件</h3>
            <ul className="divide-y divide-line rounded-control border border-line text-sm">
              {attachments.map((f, i) => (
                <li key={i} className="flex items-center gap-2 px-3 py-1.5">
                  <span className="flex-1 truncate">{fileNameOf(f)}</span>
                  {isExpiredFile(f) ? (
                    <span className="text-xs text-danger-600" data-testid="expired-file">
                      {EXPIRED_FILE_TEXT}
                    </span>
                  ) : (
                    <>
                      <Button size="sm" variant="text" onClick={() => files.actions.preview(f)}>
                        预览
                      </Button>
                      <Button size="sm" variant="text" onClick={() => files.actions.download(f)}>
                        下载
                      </Button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {flows.length > 0 && (
          <section data-testid="sign-flow">
            <h3 className="mb-2 text-sm font-semibold text-ink">
              设计团队签署{currentFlow ? `（当前：${currentFlow}）` : ''}
            </h3>
            <table className="w-full border-collapse text-sm">
              <tbody>
                {flows.map((s) => {
                  const signed = flowDetails.find((d) => d.flowId === s.flowId);
                  return (
                    <tr key={s.flowId} className="border border-line">
                      <th className="w-36 bg-canvas px-3 py-2 text-left font-medium text-ink-soft">
                        {s.flowName}
                      </th>
                      <td className="px-3 py-2">{name(s.dealUserId)}</td>
                      <td className="px-3 py-2">
                        {signed
                          ? `${signed.dealContent} ${clock.date(signed.createTime)}`
                          : fillable.has(s.flowId)
                            ? '待您签署'
                            : '未签署'}
                      </td>
                      <td className="w-44 px-3 py-2">
                        {signed && (
                          <SignatureImage url={signed.dealUserSignUrl} alt={`${s.flowName}签名`} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        )}
        <section>
          <h3 className="mb-2 text-sm font-semibold text-ink">签署</h3>
          <SignFooter
            signtype={signtype}
            detail={detail.approvalDetailBO}
            values={values}
            onChange={
              allowed.has('approve') ? (k, v) => setValues({ ...values, [k]: v }) : undefined
            }
            mySignUrl={signature.data?.signUrl ?? null}
            opinionError={opinionError}
            drafter={{ name: name(approval.drafterId), time: approval.submitTime ?? undefined }}
          />
          {(detail.approvalDetailBO.nodeNotes ?? []).length > 0 && (
            // Separation of duties: the nodes that fell to the drafter, and what happened to them.
            <ul className="mt-2 space-y-1 text-sm text-ink-soft" data-testid="node-notes">
              {(detail.approvalDetailBO.nodeNotes ?? []).map((n) => (
                <li
                  key={`${n.earlierRound ?? 0}-${n.nodeId}`}
                  data-testid="node-note"
                  data-outcome={n.outcome}
                >
                  {approvalNodeNoteLine(
                    n,
                    n.assignees.map((u) => name(u)),
                  )}
                </li>
              ))}
            </ul>
          )}
          {allowed.has('approve') && signature.isSuccess && !signature.data.signUrl && (
            // A hint, not a gate: signing without an image records the name and time.
            <p className="mt-2 text-xs text-warn-600" data-testid="no-signature-hint">
              您还没有签名，签名栏将只显示姓名和时间。
              <Link to="/user/profile?tab=signature" className="ml-1 text-brand-600 underline">
                去个人中心设置签名
              </Link>
            </p>
          )}
        </section>
        <ApprovalHistory log={detail.log} nameOf={name} />
      </div>
      {picker && (
        <ApprovalActionPicker
          action={picker}
          approvalId={approval.approvalId}
          earlier={earlier}
          me={me}
          busy={busy === picker}
          disabled={disabled}
          onCancel={() => setPicker(null)}
          onConfirm={(target) =>
            void act(picker, picker === 'return' ? { targetNodeId: target } : { toUserId: target })
          }
        />
      )}
      {editing && (
        <ApprovalForm
          existing={detail}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void query.refetch();
          }}
        />
      )}
      {files.dialog}
    </Dialog>
  );
}
