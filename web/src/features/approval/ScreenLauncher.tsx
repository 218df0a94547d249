import type { ApprovalRecordLink } from '@dpms/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { LauncherProps, SentRecord } from './screen-send';

/**
 * Type group → the record screen's launcher of 发起审批. The launchers are the record features'
 * own dialogs, so app/ builds this registry (app/screen-launchers) and binds it to
 * TOKENS.ScreenLaunchers: the approval feature never imports a record feature.
 */
export type ScreenLaunchers = Readonly<Partial<Record<number, ComponentType<LauncherProps>>>>;

/** The launcher of a type code's group, if its record screen has one. */
export const screenLauncherOf = (launchers: ScreenLaunchers, typeCode: string) =>
  launchers[Number(typeCode.split('_')[0])];

/**
 * The part of 发起审批 a `screen` kind shows in place of the template form: which screen's form
 * sends it, and that form's launcher (core's CHOICES.md, “Screen kinds from 发起审批”). The
 * dialog's own 提交/保存草稿 are hidden meanwhile: the record's dialog owns the submit.
 */
export function ScreenLauncher({
  typeCode,
  link,
  onDone,
}: {
  typeCode: string;
  link: ApprovalRecordLink;
  onDone: (sent: SentRecord) => void;
}) {
  const Launcher = screenLauncherOf(useService(TOKENS.ScreenLaunchers), typeCode);
  const queries = useQueryClient();
  const bus = useService(TOKENS.EventBus);
  // As after any approval action: the approval lists and the badge learn of the new approval.
  const done = (sent: SentRecord) => {
    void queries.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith('approval-list'),
    });
    bus.emit('getNotify');
    onDone(sent);
  };
  return (
    <div className="grid gap-3" data-testid="screen-launcher">
      <p
        className="rounded-control bg-brand-50 px-3 py-2 text-sm text-brand-700"
        data-testid="record-screen-only"
      >
        {Launcher === undefined
          ? `该类审批关联业务记录，请在“${link.screen}”中选择记录后提交审批。`
          : `该类审批由“${link.screen}”的表单提交：在此选择或填写记录，按“${link.screen}”的规则校验，提交后与在该页面提交相同。`}
      </p>
      {Launcher !== undefined && (
        <Suspense fallback={<p aria-busy data-testid="screen-launcher-loading" />}>
          <Launcher typeCode={typeCode} link={link} onDone={done} />
        </Suspense>
      )}
    </div>
  );
}
