import {
  TEMPLATE_KIND_CATALOGUE,
  approvalRecordLink,
  centreRecordPermissions,
  opensScreenForm,
  hasAllPermissions,
  initialContent,
  isApprovalTypeCode,
  sealSelectionNeedsGeneralManager,
  templateKindInfo,
  type TemplateContent,
  type TemplateFile,
  type TemplateKind,
} from '@dpms/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FilePreviewDialog, type PreviewFile } from '../../components/widgets/FilePreviewDialog';
import { UploadActivity, useUploadsInFlight } from '../../components/upload';
import { fieldErrorsOf, type ApprovalDetailResponse } from '@dpms/http-client';
import { approvalCreateBody } from '@dpms/wire';
import { ScreenLauncher } from './ScreenLauncher';
import { SignFooter } from './SignFooter';
import { TemplateRenderer, withoutExpiredFiles, type FileActions } from './TemplateRenderer';
import { fieldErrors } from './template-rules';
import { defaultTypeOfKind, formOf, typeOptionsOfKind } from './templates';
import { useApprovalActions } from './useApprovalActions';
import { fileNameOf, useApprovalFiles } from './useApprovalFiles';
import { useOptionSources } from './useOptionSources';
import { CentreRecordFields, takesRecordFields, type RecordFields } from './CentreRecordFields';
import {
  RecordPicker,
  centreRecordKind,
  recordRequiredMessage,
  withRecordFills,
  type PickedRecord,
} from './RecordPicker';

/** A wire problem beside its form field: a content entry's refname, else the body's field. */
const wireFieldErrors = (
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const field = String(i.path[0] === 'content' ? (i.path[1] ?? 'content') : (i.path[0] ?? ''));
    if (field !== '' && out[field] === undefined) out[field] = i.message;
  }
  return out;
};

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
 * with it), validated with core's rules before it is sent, the drafter's signature row, and
 * 保存 (a draft) or 提交 (into approval), under one Idempotency-Key until the write is answered.
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
  const { session } = useSession();
  const editing = existing?.approval;
  const [kind, setKind] = useState<TemplateKind>(editing?.kind ?? initialKind ?? 'Contract');
  const [typeCode, setTypeCodeOnly] = useState<string>(
    editing?.typeCode ?? defaultTypeOfKind(kind),
  );
  const form = formOf(kind, typeCode);
  const template = useMemo(
    () => ({
      templateContent:
        editing?.templateContent && editing.templateContent.length > 0
          ? editing.templateContent
          : form.sections,
      ...(form.defaultMaxLength === undefined ? {} : { defaultMaxLength: form.defaultMaxLength }),
    }),
    [form, editing],
  );
  const types = typeOptionsOfKind(kind);
  // The record the form concerns (core's table): picked by name, never typed.
  const link = approvalRecordLink(typeCode);
  const [picked, setPicked] = useState<PickedRecord | null>(() =>
    editing?.recordKind && editing.recordId
      ? { recordKind: editing.recordKind, recordId: editing.recordId }
      : null,
  );
  // A change's proposed fields or a seal's results (发起审批 only), sent as `recordFields`.
  const [recordFields, setRecordFields] = useState<RecordFields>({});
  // The server's refusals by field (a 400's errors[]), shown beside their fields until edited.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const setTypeCode = (code: string) => {
    setTypeCodeOnly(code);
    setPicked(null);
    setRecordFields({});
    setServerErrors({});
    // A type with fields of its own (产值确认) starts its own form.
    const next = formOf(kind, code);
    if (next.sections !== form.sections) {
      setContent(withDrafter(initialContent({ templateContent: next.sections })));
    }
  };
  const [title, setTitle] = useState(editing?.title ?? '');
  const [content, setContent] = useState<TemplateContent>(() =>
    editing
      ? { ...initialContent(template), ...editing.content }
      : withDrafter(initialContent(template)),
  );
  function withDrafter(c: TemplateContent): TemplateContent {
    const me = session.userInfo?.nickName ?? session.userName;
    const entry = c['userName'];
    return entry && entry.type === 'text' ? { ...c, userName: { ...entry, value: me } } : c;
  }
  // Checked on the first 提交/保存, then live as the person corrects the form.
  const [tried, setTried] = useState(false);
  const sources = useOptionSources(template.templateContent);
  // What a save sends (expired files left out) is what is checked: a required upload field
  // holding only an expired file asks for a new one.
  const needsPick = link !== undefined && !opensScreenForm(link) && picked === null;
  const errors: Record<string, string> = {
    ...(tried ? fieldErrors(template, withoutExpiredFiles(content), sources) : {}),
    ...(tried && needsPick && link ? { recordId: recordRequiredMessage(link) } : {}),
    ...serverErrors,
  };
  // A screen kind, or a record whose 发起审批 form is its screen's own dialog (loan, closing).
  const screenOnly = !editing && opensScreenForm(link);
  // A form 发起审批 creates or links on a record needs the record screen's own permission, as
  // the server requires (403 otherwise): without it the form is not offered, only named.
  const recordPermissions = centreRecordPermissions(typeCode);
  const noPermission =
    !editing &&
    !screenOnly &&
    recordPermissions.length > 0 &&
    !hasAllPermissions(session.permissions, recordPermissions);
  const files = useFileActions((m) => feedback.error(m));
  const signature = useQuery({ queryKey: ['my-signature'], queryFn: () => gateway.signature() });
  const { run, busy } = useApprovalActions(onClose);
  const uploads = useUploadsInFlight();

  const changeKind = (k: TemplateKind) => {
    setKind(k);
    const code = defaultTypeOfKind(k);
    const next = formOf(k, code);
    setTypeCodeOnly(code);
    setPicked(null);
    setRecordFields({});
    setServerErrors({});
    setContent(withDrafter(initialContent({ templateContent: next.sections })));
    setTried(false);
  };

  const save = async (submit: boolean) => {
    const sent = withoutExpiredFiles(content);
    const body = {
      title: title.trim(),
      // Files that lost their server id cannot be sent back (the server refuses them): left out.
      content: sent,
      submit,
      ...(form.sendsTemplate ? { templateContent: template.templateContent } : {}),
    };
    const record = {
      ...(picked ?? {}),
      ...(!editing && takesRecordFields(typeCode) ? { recordFields } : {}),
    };
    // The call's own wire body (the record a linked form names) and core's template rules.
    const wire = editing
      ? undefined
      : approvalCreateBody.safeParse({ ...body, typeCode, ...record });
    const found = {
      ...(wire && !wire.success ? wireFieldErrors(wire.error.issues) : {}),
      ...fieldErrors(template, sent, sources),
    };
    setTried(true);
    // The wire body's problems beside their fields too (a change field, the results to stamp).
    setServerErrors(wire && !wire.success ? wireFieldErrors(wire.error.issues) : {});
    const first = Object.values(found)[0];
    if (first !== undefined) {
      feedback.error(first);
      return;
    }
    const answer = await run(
      submit ? 'submit' : 'save',
      (key) =>
        editing
          ? gateway.update(
              kind,
              { ...body, approvalId: editing.approvalId, version: editing.version },
              key,
            )
          : gateway.create(kind, { ...body, typeCode, ...record }, key),
      submit ? '提交成功' : '保存成功',
      // 保存 and 提交 write the same approval: a lost save meets the submit as one action, so
      // the server never creates it twice (and answers 422 if the form changed in between).
      {
        key: 'write',
        onError: (e) =>
          setServerErrors(Object.fromEntries(fieldErrorsOf(e).map((f) => [f.field, f.message]))),
      },
    );
    if (answer) onSaved(answer.approvalId);
  };

  const sealRule = typeCode === '25_1' && sealSelectionNeedsGeneralManager(content);
  const canUpdate = (!editing || templateKindInfo(kind).hasUpdate) && !screenOnly && !noPermission;
  // A record 发起审批 creates (an invoice request) is sent at once; its drafts live on its screen.
  const canDraft = canUpdate && (editing !== undefined || link?.fromCentre !== 'create');
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
          {canDraft && (
            <Button
              loading={busy === 'save'}
              disabled={busy !== null || uploads.uploading}
              onClick={() => void save(false)}
            >
              保存草稿
            </Button>
          )}
          {canUpdate && (
            <Button
              variant="primary"
              loading={busy === 'submit'}
              disabled={busy !== null || uploads.uploading}
              onClick={() => void save(true)}
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
              onChange={(e) => changeKind(e.target.value as TemplateKind)}
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
              onChange={(e) => setTypeCode(e.target.value)}
            >
              {types.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-ink-soft">
            标题
            <input
              className="input"
              aria-label="标题"
              value={title}
              maxLength={200}
              placeholder="不填则使用审批类型名称"
              // A screen kind's title is its record's (the record's use case names it).
              disabled={screenOnly}
              onChange={(e) => setTitle(e.target.value)}
            />
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
            value={picked?.recordId ?? ''}
            error={errors['recordId']}
            disabled={editing !== undefined}
            onPick={(choice) => {
              setServerErrors({});
              setPicked(
                choice === null
                  ? null
                  : { recordKind: centreRecordKind(link), recordId: choice.id },
              );
              setRecordFields({});
              if (choice !== null) setContent((c) => withRecordFills(c, choice));
            }}
          />
        )}
        {link && !screenOnly && !noPermission && !editing && takesRecordFields(typeCode) && (
          <CentreRecordFields
            typeCode={typeCode}
            picked={picked}
            value={recordFields}
            errors={errors}
            onChange={(next) => {
              setServerErrors({});
              setRecordFields(next);
            }}
          />
        )}
        {!screenOnly && !noPermission && (
          <UploadActivity value={uploads.report}>
            <TemplateRenderer
              template={template}
              content={content}
              onChange={(c) => {
                setServerErrors({});
                setContent(c);
              }}
              errors={errors}
              sources={sources}
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
