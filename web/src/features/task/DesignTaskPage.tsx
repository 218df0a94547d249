import { mayActOnTask, mayOfferTaskSubmit, TASK_SORT_COLUMNS } from '@dpms/core';
import { taskSubject, type TaskRow } from '@dpms/http-client';
import { useMemo, useRef, useState } from 'react';
import { useAskedRecord } from '../../app/use-asked-record';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage, OWN_ACTIONS_KEY } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { TaskDetailDialog } from './TaskDetailDialog';
import { TaskFormDialog } from './TaskFormDialog';
import { STATUS, STEP_NAMES, useKeyedAct, useTaskGateway } from './task-shared';

/** The sheet form's state: closed, adding, or editing a listed sheet. */
type Editing = { row?: TaskRow } | null;

/** 设计任务: the task list with the sheet form and the confirmation of whoever's turn it is. */
export function DesignTaskPage() {
  const gateway = useTaskGateway();
  const act = useKeyedAct();
  const actor = useActionActor();
  const feedback = useService(TOKENS.Feedback);
  const [viewing, setViewing] = useState<number | null>(null);
  // Opened with `?taskId=` (a hit of the top bar's 全局搜索): that task's detail.
  useAskedRecord('taskId', setViewing);
  const [editing, setEditing] = useState<Editing>(null);
  // The export sends the filters the list last ran, not the search form's unsearched edits.
  const searched = useRef<Record<string, unknown>>({});
  const tasks = useMemo(
    () => ({
      list: (q: Parameters<typeof gateway.list>[0]) => {
        searched.current = q;
        return gateway.list(q);
      },
      remove: gateway.remove,
    }),
    [gateway],
  );
  /** A confirmation changes the sheet for good: it is asked for first, naming the step. */
  const confirmStep = async (t: TaskRow, refetch: () => void) => {
    if (t.currentStep === null) return;
    const ok = await feedback.confirm({
      message: `确认对任务单“${t.taskNo}”进行${STEP_NAMES[t.currentStep]}吗？确认后任务单不能再修改或删除。`,
    });
    if (ok)
      await act(
        `confirm:${t.taskId}:${t.currentStep}`,
        (idempotencyKey) => gateway.confirm(t, '同意', { idempotencyKey }),
        refetch,
      );
  };
  /**
   * 提交审批 (3_1): the sheet goes into approval from its own row and is locked until it ends;
   * the confirmations follow its approval.
   */
  const submit = async (t: TaskRow, refetch: () => void) => {
    const ok = await feedback.confirm({
      message: `确认将任务单“${t.taskNo}”提交审批吗？审批期间任务单不能修改、删除或确认。`,
    });
    if (ok)
      await act(
        `submit:${t.taskId}`,
        (idempotencyKey) => gateway.submit({ taskId: t.taskId }, { idempotencyKey }),
        refetch,
        '已提交审批',
      );
  };
  return (
    <CrudPage<TaskRow, { taskNo: string; taskName: string; projectName: string; status: string }>
      title="设计任务"
      noun="任务单"
      queryKey="design-tasks"
      sortColumns={TASK_SORT_COLUMNS}
      gateway={tasks}
      filter={{ taskNo: '', taskName: '', projectName: '', status: '' }}
      search={[
        { key: 'taskNo', label: '任务单号' },
        { key: 'taskName', label: '任务名称' },
        { key: 'projectName', label: '项目名称' },
        { key: 'status', label: '状态', type: 'select', options: STATUS },
      ]}
      rowKey="taskId"
      headerActions={
        <>
          <HasPermi perms={['project:designTask:add']}>
            <Button variant="primary" onClick={() => setEditing({})}>
              新增
            </Button>
          </HasPermi>
          <HasPermi perms={['project:designTask:export']}>
            <Button
              data-testid="task-export"
              onClick={() => void downloadExport(gateway.exportUrl(searched.current))}
            >
              导出
            </Button>
          </HasPermi>
        </>
      }
      columns={(ctx) => [
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        { key: 'projectName', title: '项目名称' },
        { key: 'designStageName', title: '设计阶段' },
        { key: 'designUserName', title: '设计主持' },
        { key: 'projectManagerName', title: '项目经理' },
        { key: 'planFinishDate', title: '计划完成日期', width: 110 },
        { key: 'statusName', title: '状态' },
        { key: 'approvalStatusName', title: '审批状态' },
        {
          // The row's next step (the confirm it waits on) leads, then 查看 and 提交审批; CrudPage
          // adds 修改 / 删除 into the same 操作 column.
          key: OWN_ACTIONS_KEY,
          title: '操作',
          render: (t) => (
            <>
              {t.currentStep !== null && mayActOnTask('confirm', taskSubject(t), actor) && (
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`confirm-${t.taskNo}`}
                  onClick={() => void confirmStep(t, ctx.refetch)}
                >
                  {STEP_NAMES[t.currentStep]}
                </Button>
              )}
              <Button size="sm" variant="text" onClick={() => setViewing(t.taskId)}>
                查看
              </Button>
              {mayOfferTaskSubmit({ ...taskSubject(t), userId: t.userId }, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`submit-${t.taskNo}`}
                  onClick={() => void submit(t, ctx.refetch)}
                >
                  提交审批
                </Button>
              )}
            </>
          ),
        },
      ]}
      // 修改 and 删除 are offered by core's availability rule (permission and state), the same
      // the server refuses with.
      rowActions={(t) =>
        mayActOnTask('edit', taskSubject(t), actor) && (
          <Button size="sm" variant="text" onClick={() => setEditing({ row: t })}>
            修改
          </Button>
        )
      }
      offered={{ remove: (t) => mayActOnTask('remove', taskSubject(t), actor) }}
      permissions={{ remove: 'project:designTask:remove' }}
      remove={{ what: (t) => `任务单“${t.taskNo}”` }}
    >
      {(ctx) => (
        <>
          <TaskDetailDialog taskId={viewing} onClose={() => setViewing(null)} />
          {editing !== null && (
            <TaskFormDialog
              editing={editing.row}
              onClose={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                ctx.refetch();
              }}
            />
          )}
        </>
      )}
    </CrudPage>
  );
}
