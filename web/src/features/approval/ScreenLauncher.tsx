import type { ApprovalRecordLink } from '@dpms/core';
import { useQueryClient } from '@tanstack/react-query';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { screenLauncherOf } from './screen-launchers';
import type { SentRecord } from './screen-send';

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
  const Launcher = screenLauncherOf(typeCode);
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
      {Launcher !== undefined && <Launcher typeCode={typeCode} link={link} onDone={done} />}
    </div>
  );
}
