import type { TaskDetail } from '@dpms/http-client';
import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { useInstituteClock } from '../../components/time/institute-clock';
import { useTaskGateway } from './task-shared';

/** The task sheet: fields, sign flow, terms. */
export function TaskDetailDialog({
  taskId,
  onClose,
}: {
  taskId: number | null;
  onClose: () => void;
}) {
  const gateway = useTaskGateway();
  const clock = useInstituteClock();
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (taskId !== null) void gateway.detail(taskId).then(setDetail);
  }, [gateway, taskId]);
  const row = (label: string, value: ReactNode) => (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1 text-sm">
      <span className="text-ink-soft">{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <Dialog
      open={taskId !== null}
      onClose={onClose}
      title="任务单"
      width={760}
      testId="task-detail"
    >
      {detail && (
        <div>
          {row('任务单号', detail.taskNo)}
          {row('任务名称', detail.taskName)}
          {row('项目名称', detail.projectName)}
          {row('子项名称', detail.subItemName)}
          {row('成果名称', detail.taskResultName)}
          {row('设计阶段', detail.designStageName)}
          {row('专业', detail.majorList.map((m) => m.majorName).join('、'))}
          {row('质量要求', detail.qualityTypeName)}
          {row('设计主持', detail.designUserName)}
          {row('项目经理', detail.projectManagerName)}
          {row('计划完成日期', detail.planFinishDate)}
          {row('审批状态', detail.approvalStatusName)}
          {row('任务产值（万元）', detail.taskAmount)}
          {row('质量保证金（万元）', detail.qualityDeposit)}
          {row('备注', <span className="whitespace-pre-wrap">{detail.remark}</span>)}
          <h3 className="mt-3 font-medium">任务单条款</h3>
          <ol className="list-decimal pl-6 text-sm" data-testid="task-terms">
            {detail.terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ol>
          <h3 className="mt-3 font-medium">设计团队签署</h3>
          <table className="w-full text-sm" data-testid="sign-flow">
            <tbody>
              {detail.designTaskSignFlowList.map((s) => {
                const signed = detail.designTaskSignDetailList.find((d) => d.flowId === s.flowId);
                return (
                  <tr key={s.flowId} className="border-b border-line">
                    <td className="py-1">{s.flowName}</td>
                    <td>{s.dealUserName}</td>
                    <td>
                      {signed
                        ? signed.dealContent
                        : s.flowName === detail.currentFlowName
                          ? '待签署'
                          : ''}
                    </td>
                    <td>{clock.date(signed?.createTime)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
