import {
  approvalRecordLink,
  centreRecordPermissions,
  hasAllPermissions,
  initialContent,
  opensScreenForm,
  templateKindInfo,
  type ApprovalRecordLink,
  type TemplateContent,
  type TemplateKind,
  type ValidatableTemplate,
} from '@dpms/core';
import type { ApprovalDetailResponse } from '@dpms/http-client';
import { approvalCreateBody, approvalUpdateBody } from '@dpms/wire';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  get,
  set,
  useForm,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
  type ErrorOption,
  type UseFormSetError,
} from 'react-hook-form';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { landRefusal, wireResolver, type Alias } from '../../components/form/wire-form';
import { recordFieldNames, takesRecordFields, type RecordFields } from './CentreRecordFields';
import {
  centreRecordKind,
  recordRequiredMessage,
  withRecordFills,
  type PickedRecord,
  type RecordChoice,
} from './RecordPicker';
import { withoutExpiredFiles } from './TemplateRenderer';
import { fieldErrors, type OptionSources } from './template-rules';
import { defaultTypeOfKind, formOf, typeOptionsOfKind } from './templates';
import { useApprovalActions } from './useApprovalActions';
import { useOptionSources } from './useOptionSources';

/** What the person fills in on 发起审批 / 修改审批 (the kind and type choose the form). */
export interface ApprovalFormValues {
  readonly title: string;
  readonly content: TemplateContent;
  /** The record the form concerns, picked by name ('' until picked), and its kind. */
  readonly recordKind: string;
  readonly recordId: string;
  /** A change's proposed fields or a seal's results (发起审批 only), sent as `recordFields`. */
  readonly recordFields: RecordFields;
}

type Editing = ApprovalDetailResponse['approval'];

/** What the check reads besides the values: the form shown, read when a button is pressed. */
interface FormShown {
  readonly editing: Editing | undefined;
  readonly typeCode: string;
  readonly template: ValidatableTemplate;
  readonly sendsTemplate: boolean;
  readonly sources: OptionSources;
  readonly link: ApprovalRecordLink | undefined;
}

/** What 保存 and 提交 send either way. */
const commonBody = (shown: FormShown, values: ApprovalFormValues, submit: boolean) => ({
  title: values.title.trim(),
  // Files that lost their server id cannot be sent back (the server refuses them): left out.
  content: withoutExpiredFiles(values.content),
  submit,
  ...(shown.sendsTemplate ? { templateContent: shown.template.templateContent } : {}),
});

/** 修改审批's body: the version the drafter read. */
const updateBody = (
  shown: FormShown,
  editing: Editing,
  values: ApprovalFormValues,
  submit: boolean,
) => ({
  ...commonBody(shown, values, submit),
  approvalId: editing.approvalId,
  version: editing.version,
});

/** 发起审批's body: the type, and the record it concerns with the fields it proposes. */
function createBody(shown: FormShown, values: ApprovalFormValues, submit: boolean) {
  return {
    ...commonBody(shown, values, submit),
    typeCode: shown.typeCode,
    ...(values.recordId === '' ? {} : { recordKind: values.recordKind, recordId: values.recordId }),
    ...(takesRecordFields(shown.typeCode) ? { recordFields: values.recordFields } : {}),
  };
}

/** The body's own fields; any other top name is a record field the create body checks. */
const BODY_FIELDS = new Set([
  'typeCode',
  'content',
  'files',
  'templateContent',
  'recordFields',
  'submit',
  'version',
  'approvalId',
]);

/**
 * A wire problem beside its form field: a content entry's on its refname, the record's on the
 * picker, a record field's (the record screen's schema names it) on that field; the rest (the
 * content as a whole, the type) under the form, still stopping the save.
 */
const onForm: Alias = (path) => {
  const [head, name] = path;
  if (head === 'content') return name === undefined ? 'root' : `content.${name}`;
  if (head === 'title') return 'title';
  if (head === 'recordId' || head === 'recordKind') return 'recordId';
  if (head !== undefined && !BODY_FIELDS.has(head)) return `recordFields.${head}`;
  return 'root';
};

/**
 * The form's check: the wire body its call sends (`approvalCreateBody`, or `approvalUpdateBody`
 * when editing), core's template rules on the content it sends (expired files left out, so a
 * required upload holding only an expired file asks for a new one) and, for a form tied to a
 * record, that record picked ("请选择关联合同").
 */
function approvalResolver(
  shown: { readonly current: FormShown },
  pressed: { readonly current: boolean },
): Resolver<ApprovalFormValues> {
  const wire = wireResolver<ApprovalFormValues>(
    () => (shown.current.editing ? approvalUpdateBody : approvalCreateBody),
    {
      bodyOf: (values) => {
        const { editing } = shown.current;
        return editing
          ? updateBody(shown.current, editing, values, pressed.current)
          : createBody(shown.current, values, pressed.current);
      },
      alias: onForm,
    },
  );
  return async (values, context, options) => {
    const { template, sources, link, editing } = shown.current;
    const errors: Record<string, unknown> = { ...(await wire(values, context, options)).errors };
    const add = (path: string, message: string) => {
      if (get(errors, path) === undefined) set(errors, path, { type: 'rule', message });
    };
    for (const [refname, message] of Object.entries(
      fieldErrors(template, withoutExpiredFiles(values.content), sources),
    ))
      add(`content.${refname}`, message);
    // An edit keeps the record it was drafted with (the picker is locked there).
    if (!editing && link && !opensScreenForm(link) && values.recordId === '')
      add('recordId', recordRequiredMessage(link));
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<ApprovalFormValues> };
  };
}

/** Each message of a nested error by its first key below `node` (a refname, a record field). */
const messagesOf = (node: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(typeof node === 'object' && node !== null ? node : {}).flatMap(([k, e]) => {
      const message = (e as { message?: unknown } | undefined)?.message;
      return typeof message === 'string' && message !== '' ? [[k, message]] : [];
    }),
  );

/** The first problem in the order the form shows them, for the message above the form. */
function firstProblem(errors: FieldErrors<ApprovalFormValues>): string | undefined {
  const all = [
    errors.title?.message,
    errors.recordId?.message,
    ...Object.values(messagesOf(errors.recordFields)),
    ...Object.values(messagesOf(errors.content)),
    errors.root?.message,
  ];
  return all.find((m): m is string => typeof m === 'string' && m !== '');
}

/**
 * The state of 发起审批 / 修改审批 on react-hook-form: the kind and type choose the form (a new
 * choice starts it again), the values live in the form, and the form checks with
 * `approvalResolver` on the first 保存/提交, then live as the person corrects it. A server refusal
 * of a field (a 400's errors[], or a domain error naming it) lands beside that field.
 */
export function useApprovalFormState({
  initialKind,
  existing,
  onClose,
  onSaved,
}: {
  initialKind: TemplateKind | undefined;
  existing: ApprovalDetailResponse | undefined;
  onClose: () => void;
  onSaved: (approvalId: string) => void;
}) {
  const gateway = useService(TOKENS.ApprovalGateway);
  const feedback = useService(TOKENS.Feedback);
  const { session } = useSession();
  const editing = existing?.approval;
  const [kind, setKind] = useState<TemplateKind>(editing?.kind ?? initialKind ?? 'Contract');
  const [typeCode, setTypeCode] = useState<string>(editing?.typeCode ?? defaultTypeOfKind(kind));
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
  // The record the form concerns (core's table): picked by name, never typed.
  const link = approvalRecordLink(typeCode);
  const sources = useOptionSources(template.templateContent);
  const withDrafter = (c: TemplateContent): TemplateContent => {
    const me = session.userInfo?.nickName ?? session.userName;
    const entry = c['userName'];
    return entry && entry.type === 'text' ? { ...c, userName: { ...entry, value: me } } : c;
  };

  const current: FormShown = {
    editing,
    typeCode,
    template,
    sendsTemplate: form.sendsTemplate,
    sources,
    link,
  };
  const shown = useRef(current);
  shown.current = current;
  // The button pressed (保存草稿 or 提交), for the body the check builds.
  const pressed = useRef(false);
  const rhf = useForm<ApprovalFormValues>({
    defaultValues: {
      title: editing?.title ?? '',
      content: editing
        ? { ...initialContent(template), ...editing.content }
        : withDrafter(initialContent(template)),
      recordKind: editing?.recordKind ?? '',
      recordId: editing?.recordKind && editing.recordId ? editing.recordId : '',
      recordFields: {},
    },
    resolver: approvalResolver(shown, pressed),
  });
  const { control, formState, getValues, setValue, clearErrors, setError, reset, trigger } = rhf;
  const values = useWatch({ control }) as ApprovalFormValues;

  // The server's refusals, kept until their field is edited or the next save: a re-check of the
  // whole form replaces every problem, so it puts these back after it.
  const refusals = useRef(new Map<Parameters<typeof setError>[0], ErrorOption>());
  const refuse: UseFormSetError<ApprovalFormValues> = (name, error, options) => {
    refusals.current.set(name, error);
    setError(name, error, options);
  };
  // Once tried, each edit checks the whole form again after it renders (with the form it shows).
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    if (recheck === 0) return;
    void trigger().then(() => {
      for (const [name, error] of refusals.current) setError(name, error);
    });
  }, [recheck, trigger, setError]);
  const edit = <K extends keyof ApprovalFormValues>(
    name: K,
    value: ApprovalFormValues[K],
    touched: readonly Path<ApprovalFormValues>[] = [name],
  ) => {
    setValue(name as Path<ApprovalFormValues>, value as never);
    // The field edited drops its problem at once (a server refusal too; others stay until the
    // next save).
    clearErrors([...touched]);
    for (const path of touched) refusals.current.delete(path);
    if (formState.isSubmitted) setRecheck((n) => n + 1);
  };

  /** A new form of a type: its record, proposed fields and refusals gone; `tried` kept or not. */
  const restart = (next: Partial<ApprovalFormValues>, keepTried: boolean) => {
    reset(
      { ...getValues(), recordKind: '', recordId: '', recordFields: {}, ...next },
      { keepIsSubmitted: keepTried, keepSubmitCount: keepTried },
    );
    if (keepTried && formState.isSubmitted) setRecheck((n) => n + 1);
  };
  const changeType = (code: string) => {
    setTypeCode(code);
    // A type with fields of its own (产值确认) starts its own form.
    const next = formOf(kind, code);
    restart(
      next.sections === form.sections
        ? {}
        : { content: withDrafter(initialContent({ templateContent: next.sections })) },
      true,
    );
  };
  const changeKind = (k: TemplateKind) => {
    const code = defaultTypeOfKind(k);
    setKind(k);
    setTypeCode(code);
    restart(
      { content: withDrafter(initialContent({ templateContent: formOf(k, code).sections })) },
      false,
    );
  };
  const pick = (choice: RecordChoice | null) => {
    if (!link) return;
    edit('recordKind', choice === null ? '' : centreRecordKind(link), []);
    edit('recordId', choice === null ? '' : choice.id);
    edit('recordFields', {}, []);
    if (choice !== null) edit('content', withRecordFills(getValues('content'), choice), []);
  };
  const picked: PickedRecord | null =
    values.recordId === '' ? null : { recordKind: values.recordKind, recordId: values.recordId };

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
  const canUpdate = (!editing || templateKindInfo(kind).hasUpdate) && !screenOnly && !noPermission;
  // A record 发起审批 creates (an invoice request) is sent at once; its drafts live on its screen.
  const canDraft = canUpdate && (editing !== undefined || link?.fromCentre !== 'create');

  const { run, busy } = useApprovalActions(onClose);
  const refnames = new Set(template.templateContent.flatMap((s) => s.fields.map((f) => f.refname)));
  const recordNames = new Set(editing ? [] : recordFieldNames(typeCode));
  // The server's field: a content entry's refname (as core's rules or the record's use case
  // name it), or the record's own field, or the picked record.
  const onContent: Alias = (path) => {
    const name = path[0] === 'content' && path.length > 1 ? path[1] : path[0];
    return name !== undefined && refnames.has(name) ? `content.${name}` : null;
  };
  const onRecord: Alias = (path) => {
    const [head, name] = path;
    if (head === 'title' || head === 'recordId') return head;
    if (head === 'recordKind') return 'recordId';
    const field = head === 'recordFields' ? name : head;
    return field !== undefined && recordNames.has(field) ? `recordFields.${field}` : null;
  };

  const send = async (submit: boolean, checked: ApprovalFormValues) => {
    const answer = await run(
      submit ? 'submit' : 'save',
      (key) =>
        editing
          ? gateway.update(kind, updateBody(current, editing, checked, submit), key)
          : gateway.create(kind, createBody(current, checked, submit), key),
      submit ? '提交成功' : '保存成功',
      // 保存 and 提交 write the same approval: a lost save meets the submit as one action, so
      // the server never creates it twice (and answers 422 if the form changed in between).
      {
        key: 'write',
        onError: (e) => {
          landRefusal(e, () => true, refuse, onContent);
          landRefusal(e, () => true, refuse, onRecord);
        },
      },
    );
    if (answer) onSaved(answer.approvalId);
  };
  // A second press while the first is still being checked (before `busy` disables the buttons)
  // is the same save, not another.
  const saving = useRef(false);
  const save = (submit: boolean) => {
    if (saving.current) return;
    saving.current = true;
    pressed.current = submit;
    refusals.current.clear();
    void rhf
      .handleSubmit(
        (checked) => send(submit, checked),
        (errors) => {
          const first = firstProblem(errors);
          if (first !== undefined) feedback.error(first);
        },
      )()
      .finally(() => {
        saving.current = false;
      });
  };

  const errors = formState.errors;
  return {
    kind,
    typeCode,
    types: typeOptionsOfKind(kind),
    template,
    sources,
    link,
    values,
    picked,
    errors: {
      title: errors.title?.message,
      recordId: errors.recordId?.message,
      recordFields: messagesOf(errors.recordFields),
      content: messagesOf(errors.content),
    },
    screenOnly,
    noPermission,
    canUpdate,
    canDraft,
    busy,
    changeKind,
    changeType,
    pick,
    setTitle: (title: string) => edit('title', title),
    setContent: (content: TemplateContent) =>
      edit('content', content, changedRefnames(values.content, content)),
    setRecordFields: (next: RecordFields) => edit('recordFields', next, ['recordFields']),
    save,
  };
}

/** The content paths an edit changed, so their problems go at once. */
const changedRefnames = (
  before: TemplateContent,
  after: TemplateContent,
): Path<ApprovalFormValues>[] =>
  Object.keys(after)
    .filter((k) => after[k] !== before[k])
    .map((k) => `content.${k}` as Path<ApprovalFormValues>);
