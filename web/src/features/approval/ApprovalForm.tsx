import {
  TEMPLATE_KIND_CATALOGUE,
  isApprovalTypeCode,
  sealSelectionNeedsGeneralManager,
  type TemplateFile,
  type TemplateKind,
} from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FilePreviewDialog, type PreviewFile } from '../../components/widgets/FilePreviewDialog';
import { UploadActivity, useUploadsInFlight } from '../../components/upload';
import type { ApprovalDetailResponse } from '@dpms/http-client';
import { ScreenLauncher } from './ScreenLauncher';
import { SignFooter } from './SignFooter';
import { TemplateRenderer, type FileActions } from './TemplateRenderer';
import { fileNameOf, useApprovalFiles } from './useApprovalFiles';
import { CentreRecordFields, takesRecordFields } from './CentreRecordFields';
import { RecordPicker } from './RecordPicker';
import { useApprovalFormState } from './useApprovalFormState';

/** Preview and download of form files, and the upload, bound to the server. */
export function useFileActions(onError: (m: string) => void) {
  const files = useApprovalFiles();
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const actions: FileActions = {
    preview: (f: TemplateFile) =>
      void files
        .objectUrl(f)
        .then((url) => setPreview({ name: fileNameOf(f), url }))
        .catch((e: unknown) => onError(e instanceof Error ? e.message : String(e))),
    download: (f: TemplateFile) =>
      void files
        .download(f)
        .catch((e: unknown) => onError(e instanceof Error ? e.message : String(e))),
  };
  const dialog = <FilePreviewDialog file={preview} onClose={() => setPreview(null)} />;
  return { actions, dialog };
}

/**
 * 新建 / 修改 an approval of one template kind: the kind's form (core's field set, or ours sent
 * with it), checked on react-hook-form with the body its call sends and core's rules before it is
 * sent (`useApprovalFormState`), the drafter's signature row, and 保存 (a draft) or 提交 (into
 * approval), under one Idempotency-Key until the write is answered.
 */
export function ApprovalForm({
  initialKind,
  existing,
  onClose,
  onSaved,
}: {
  initialKind?: TemplateKind;
  existing?: ApprovalDetailResponse;
  onClose: () => void;
  onSaved: (approvalId: string) => void;
}) {
  const gateway = useService(TOKENS.ApprovalGateway);
  const feedback = useService(TOKENS.Feedback);
  const editing = existing?.approval;
  const f = useApprovalFormState({ initialKind, existing, onClose, onSaved });
  const { kind, typeCode, link, values, errors, screenOnly, noPermission, busy } = f;
  const files = useFileActions((m) => feedback.error(m));
  const signature = useQuery({ queryKey: ['my-signature'], queryFn: () => gateway.signature() });
  const uploads = useUploadsInFlight();
  const sealRule = typeCode === '25_1' && sealSelectionNeedsGeneralManager(values.content);
  return (
    <Dialog
      open
      onClose={onClose}
      closeOnClickOutside={false}
      width={1000}
      title={editing ? `修改审批：${editing.title}` : '发起审批'}
      testId="approval-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          {f.canDraft && (
            <Button
              loading={busy === 'save'}
              disabled={busy !== null || uploads.uploading}
              onClick={() => f.save(false)}
            >
              保存草稿
            </Button>
          )}
          {f.canUpdate && (
            <Button
              variant="primary"
              loading={busy === 'submit'}
              disabled={busy !== null || uploads.uploading}
              onClick={() => f.save(true)}
            >
              提交
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="flex flex-col gap-1 text-sm text-ink-soft">
            表单类型
            <select
              className="input"
              aria-label="表单类型"
              value={kind}
              disabled={editing !== undefined}
              onChange={(e) => f.changeKind(e.target.value as TemplateKind)}
            >
              {TEMPLATE_KIND_CATALOGUE.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-ink-soft">
            审批类型
            <select
              className="input"
              aria-label="审批类型"
              value={typeCode}
              disabled={editing !== undefined}
              onChange={(e) => f.changeType(e.target.value)}
            >
              {f.types.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-ink-soft" data-field="title">
            标题
            <input
              className="input"
              aria-label="标题"
              aria-invalid={errors.title !== undefined}
              value={values.title}
              maxLength={200}
              placeholder="不填则使用审批类型名称"
              // A screen kind's title is its record's (the record's use case names it).
              disabled={screenOnly}
              onChange={(e) => f.setTitle(e.target.value)}
            />
            {errors.title !== undefined && (
              <span role="alert" className="text-xs text-danger">
                {errors.title}
              </span>
            )}
          </label>
        </div>
        {isApprovalTypeCode(typeCode) && typeCode === '25_1' && (
          <p
            className="rounded-control bg-brand-50 px-3 py-2 text-sm text-brand-700"
            data-testid="seal-rule"
          >
            {sealRule
              ? '已选择公章：审批流程将追加“总经理”审批。'
              : '印章类型包含公章时，审批流程将追加“总经理”审批。'}
          </p>
        )}
        {screenOnly && link && (
          // The record screen's own form sends it (screen-launchers.tsx); its answer opens the
          // approval it went into, or closes when the record was only saved as a draft.
          <ScreenLauncher
            key={typeCode}
            typeCode={typeCode}
            link={link}
            onDone={(sent) => (sent.approvalId === null ? onClose() : onSaved(sent.approvalId))}
          />
        )}
        {noPermission && link && (
          <p className="text-sm text-danger-600" data-testid="record-no-permission">
            {`您没有“${link.screen}”的权限，请联系管理员。`}
          </p>
        )}
        {link && !screenOnly && !noPermission && (
          <RecordPicker
            link={link}
            value={values.recordId}
            error={errors.recordId}
            disabled={editing !== undefined}
            onPick={f.pick}
          />
        )}
        {link && !screenOnly && !noPermission && !editing && takesRecordFields(typeCode) && (
          <CentreRecordFields
            typeCode={typeCode}
            picked={f.picked}
            value={values.recordFields}
            errors={errors.recordFields}
            onChange={f.setRecordFields}
          />
        )}
        {!screenOnly && !noPermission && (
          <UploadActivity value={uploads.report}>
            <TemplateRenderer
              template={f.template}
              content={values.content}
              onChange={f.setContent}
              errors={errors.content}
              sources={f.sources}
              files={files.actions}
              onMessage={(m) => feedback.error(m)}
            />
          </UploadActivity>
        )}
        {!screenOnly && !noPermission && (
          <SignFooter
            signtype={1}
            detail={existing?.approvalDetailBO}
            values={{}}
            mySignUrl={signature.data?.signUrl ?? null}
          />
        )}
      </div>
      {files.dialog}
    </Dialog>
  );
}
