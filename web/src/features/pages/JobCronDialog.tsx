import type { SysJob } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';

/** How long typing pauses before the cron is checked on the server. */
export const EXPLAIN_DEBOUNCE_MS = 300;

/**
 * 修改 a job: its cron (RuoYi's Quartz form or five fields), checked and explained by the server
 * as it is typed (words and the next 5 runs on the institute's clock); 确定 stays off until the
 * text on screen is the one explained and valid.
 */
export function JobCronDialog({
  job,
  onClose,
  onSaved,
}: {
  job: SysJob;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useService(TOKENS.JobGateway);
  const feedback = useService(TOKENS.Feedback);
  const scheduler = useService(TOKENS.Scheduler);
  const clock = useInstituteClock();
  const [text, setText] = useState(job.cronExpression);
  const [checked, setChecked] = useState(job.cronExpression);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  useEffect(() => {
    const timer = scheduler.setTimeout(() => setChecked(text.trim()), EXPLAIN_DEBOUNCE_MS);
    return () => scheduler.clearTimeout(timer);
  }, [text, scheduler]);
  const explained = useQuery({
    queryKey: ['cron-explain', checked],
    queryFn: () => gateway.explainCron(checked),
    enabled: checked !== '',
    retry: false,
  });
  const current = text.trim() === checked;
  const error =
    text.trim() === ''
      ? '请输入 cron 表达式'
      : current && explained.error
        ? explained.error.message
        : saveError;
  const valid = current && checked !== '' && explained.isSuccess && !explained.isFetching;

  const save = async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      await gateway.update({
        jobId: job.jobId,
        jobName: job.jobName,
        jobGroup: job.jobGroup,
        invokeTarget: job.invokeTarget,
        cronExpression: checked,
      });
      feedback.success('修改成功');
      onSaved();
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="修改任务"
      testId="job-cron-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={!valid} loading={saving} onClick={() => void save()}>
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field label="任务名称">
          <p className="pt-1.5 text-sm">{job.jobName}</p>
        </Field>
        <Field
          label="cron 表达式"
          required
          error={error}
          hint="Quartz 形式（秒 分 时 日 月 周，如 0 0 2 * * ?）或 5 个字段（分 时 日 月 周）"
        >
          <input
            className="input font-mono"
            aria-label="cron 表达式"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSaveError(undefined);
            }}
            placeholder="请输入 cron 表达式"
          />
        </Field>
        {valid && explained.data && (
          <Field label="执行策略">
            <div className="pt-1.5 text-sm" data-testid="cron-explanation">
              <p>{explained.data.words}</p>
              <p className="mt-2 text-muted">最近 5 次执行时间：</p>
              <ol className="list-decimal pl-5">
                {explained.data.nextTimes.map((t) => (
                  <li key={t}>{clock.instant(t)}</li>
                ))}
              </ol>
            </div>
          </Field>
        )}
      </div>
    </Dialog>
  );
}
