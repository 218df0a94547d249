import {
  RECORD_PICKER_LABELS,
  approvalMessages,
  hasPermission,
  type ApprovalRecordLink,
} from '@dpms/core';
import { fieldErrorsOf } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { useActionKeys } from '../../components/crud/action-keys';
import { Button } from '../../components/ui/Button';
import { RecordSelect } from './RecordSelect';

/**
 * What a record's screen answers once it has sent (or only saved) the record: its approval when
 * it went into approval, null for a draft the screen keeps.
 */
export interface SentRecord {
  readonly approvalId: string | null;
}

/** What 发起审批 hands a `screen` kind's launcher: the chosen code and where the answer goes. */
export interface LauncherProps {
  readonly typeCode: string;
  readonly link: ApprovalRecordLink;
  /** The record's answer: 发起审批 opens its approval, or closes when only a draft was saved. */
  readonly onDone: (sent: SentRecord) => void;
}

/** One existing record a screen sends, by name, with the screen's own send call. */
export interface SendChoice<R = unknown> {
  readonly id: string;
  readonly label: string;
  /** The record's row as its screen lists it (a dialog of the screen may need it). */
  readonly row: R;
}

/**
 * 关联合同 / 关联成果盖章 …: the existing records the screen would send, by name (never a typed
 * id), required and marked; its problem (core's “请选择关联合同”, or the server's refusal of the
 * record) beside it.
 */
export function SendPicker<R>({
  noun,
  choices,
  loading,
  failed = false,
  value,
  error,
  onPick,
}: {
  noun: string;
  choices: readonly SendChoice<R>[];
  loading: boolean;
  /** The list could not be read (no right to it, the network): said so, not “none to send”. */
  failed?: boolean;
  value: string;
  error?: string | undefined;
  onPick: (choice: SendChoice<R> | null) => void;
}) {
  return (
    <RecordSelect
      noun={noun}
      choices={choices}
      placeholder={
        loading
          ? '加载中…'
          : failed
            ? `${noun}加载失败`
            : choices.length === 0
              ? `没有可提交的${noun}`
              : `请选择${noun}`
      }
      value={value}
      error={error}
      disabled={loading}
      onPick={onPick}
    />
  );
}

/** Core's refusal of a missing pick, in the picker's noun: “请选择关联合同”. */
export const pickRequired = (noun: string): string => approvalMessages.recordRequired(noun).message;

/**
 * A screen that sends an existing record with one call (合同管理's 提交评审, 项目备案's 提交审批,
 * 分包合同's 提交审批): the picker of the records it would send, then the screen's own call with
 * the code chosen in 发起审批, under one Idempotency-Key kept while its answer is outstanding.
 * The record's refusal (a review missing its parties, a record another approval holds) shows
 * beside the picker, in the record's words.
 */
export function PickAndSend<R>({
  link,
  typeCode,
  onDone,
  queryKey,
  load,
  send,
  button,
  dialog,
  noun = RECORD_PICKER_LABELS[link.picker],
}: LauncherProps & {
  /** What is picked, when not the catalogue's record (a draft 借款 the screen sends). */
  noun?: string;
  queryKey: string;
  /** The records the screen would send now, in the caller's data scope. */
  load: () => Promise<SendChoice<R>[]>;
  /** The screen's own send call. */
  send: (choice: SendChoice<R>, typeCode: string, idempotencyKey: string) => Promise<SentRecord>;
  /** The screen's button. */
  button: string;
  /**
   * The screen's own confirming dialog, when it has one (成果盖章's 提交盖章审批): it replaces the
   * direct call and calls `submit` itself.
   */
  dialog?: (
    choice: SendChoice<R>,
    submit: (typeCode: string) => void,
    close: () => void,
    busy: boolean,
  ) => ReactNode;
}) {
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  const query = useQuery({ queryKey: ['screen-send', queryKey], queryFn: load });
  const [picked, setPicked] = useState<SendChoice<R> | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (code: string) => {
    if (picked === null) {
      setError(pickRequired(noun));
      return;
    }
    setBusy(true);
    const outcome = await keys.run(`send:${picked.id}:${code}`, (key) => send(picked, code, key));
    setBusy(false);
    if (outcome.ok) {
      setOpen(false);
      feedback.success('已提交审批');
      onDone(outcome.value);
      return;
    }
    // The record's refusal: beside the picker (it names the record), else a toast.
    const onRecord = fieldErrorsOf(outcome.error)[0]?.message;
    setError(onRecord ?? outcome.message);
    if (onRecord === undefined) feedback.error(outcome.message);
  };
  const press = () => {
    if (picked === null) {
      setError(pickRequired(noun));
      return;
    }
    if (dialog === undefined) void submit(typeCode);
    else setOpen(true);
  };
  return (
    <div className="grid gap-3" data-testid="screen-send">
      <SendPicker
        noun={noun}
        choices={query.data ?? []}
        loading={query.isLoading}
        failed={query.isError}
        value={picked?.id ?? ''}
        error={error}
        onPick={(c) => {
          setError(undefined);
          setPicked(c);
        }}
      />
      <div>
        <Button
          variant="primary"
          loading={busy}
          disabled={busy}
          data-testid="screen-launch"
          onClick={press}
        >
          {button}
        </Button>
      </div>
      {open &&
        picked !== null &&
        dialog?.(
          picked,
          (code) => void submit(code),
          () => setOpen(false),
          busy,
        )}
    </div>
  );
}

/**
 * A screen whose own dialog creates the record and sends it (借款管理's 申请借款, 结算结案's 新增,
 * 资金计划's 新增): its button opens that very dialog, which checks and posts through the
 * record's route (the loan limit, the closing ceiling, the payment rules held by the one server
 * path), and its answer goes back to 发起审批.
 */
export function OpenScreenDialog({
  button,
  permission,
  onDone,
  announces = false,
  children,
}: {
  button: string;
  /** The screen's own permission for its button (申请借款's `contract:loan:add`). */
  permission: string;
  onDone: (sent: SentRecord) => void;
  /** The dialog tells its own success (结算结案's does): no second message. */
  announces?: boolean;
  children: (done: (sent: SentRecord) => void, close: () => void) => ReactNode;
}) {
  const feedback = useService(TOKENS.Feedback);
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  // The screen offers its button to its permission only; so does 发起审批 (the route refuses
  // anyone else anyway).
  if (!hasPermission(session.permissions, [permission]))
    return (
      <p className="text-sm text-danger-600" data-testid="screen-no-permission">
        {`您没有“${button}”的权限，请联系管理员。`}
      </p>
    );
  const done = (sent: SentRecord) => {
    setOpen(false);
    if (!announces) feedback.success(sent.approvalId === null ? '保存成功' : '已提交审批');
    onDone(sent);
  };
  return (
    <div>
      <Button variant="primary" data-testid="screen-launch" onClick={() => setOpen(true)}>
        {button}
      </Button>
      {open && children(done, () => setOpen(false))}
    </div>
  );
}
