import type { ResultRow } from '@dpms/http-client';
import { useRef, useState } from 'react';
import { HasPermi } from '../../components/auth/Access';
import { ActionKeys } from '../../components/crud/action-keys';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { ResultFileForm } from '../../components/upload';
import { AcceptanceFileDialog } from './AcceptanceFileDialog';
import { box, useConfirmedTasks, useKeyedAct, useTaskGateway } from './task-shared';

/** 任务成果: results of the tasks in scope, uploads, and the manager's confirmations. */
export function TaskResultPage() {
  const gateway = useTaskGateway();
  const act = useKeyedAct();
  // The upload's Idempotency-Key, kept while its answer is outstanding (one result per upload).
  const uploads = useRef(new ActionKeys());
  const [uploading, setUploading] = useState(false);
  const [taskId, setTaskId] = useState('');
  const [accepting, setAccepting] = useState<ResultRow | null>(null);
  const names = (files: readonly { name: string }[]) => files.map((f) => f.name).join('、');
  const tasks = useConfirmedTasks();
  return (
    <CrudPage<ResultRow, { taskName: string }>
      title="任务成果"
      noun="成果"
      queryKey="task-results"
      gateway={{ list: gateway.results }}
      filter={{ taskName: '' }}
      search={[{ key: 'taskName', label: '任务名称' }]}
      rowKey="resultId"
      headerActions={
        <HasPermi perms={['project:taskResult:upload']}>
          <div className="flex items-center gap-2">
            <select
              className={box}
              aria-label="任务单"
              data-testid="result-task"
              value={taskId}
              onChange={(e) => setTaskId(e.target.value)}
            >
              <option value="">请选择任务单</option>
              {tasks.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            <Button variant="primary" disabled={taskId === ''} onClick={() => setUploading(true)}>
              上传成果
            </Button>
          </div>
        </HasPermi>
      }
      columns={(ctx) => [
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        { key: 'fileName', title: '文件名称' },
        { key: 'majorName', title: '专业' },
        {
          key: 'files',
          title: '附件',
          render: (r) => r.fileList.map((f) => f.name).join('、'),
        },
        { key: 'nickName', title: '上传人' },
        {
          key: 'state',
          title: '确认',
          render: (r) =>
            r.resultConfirmed ? (
              <span data-testid={`result-confirmed-${r.resultId}`}>已确认</span>
            ) : (
              <HasPermi perms={['project:taskResult:edit']}>
                <Button
                  size="sm"
                  variant="text"
                  onClick={() =>
                    void act(
                      `confirm-result:${r.resultId}`,
                      (idempotencyKey) =>
                        gateway.confirmResult(r.resultId, false, { idempotencyKey }),
                      ctx.refetch,
                    )
                  }
                >
                  确认成果
                </Button>
              </HasPermi>
            ),
        },
        {
          key: 'acceptance',
          title: '验收文件',
          // A confirmed result takes its acceptance file; the project manager confirms it once.
          render: (r) => (
            <div className="flex flex-nowrap items-center gap-1 whitespace-nowrap">
              <span data-testid={`acceptance-${r.resultId}`}>{names(r.acceptanceFileList)}</span>
              {r.acceptanceConfirmed ? (
                <span>（已确认）</span>
              ) : (
                r.resultConfirmed && (
                  <HasPermi perms={['project:taskResult:edit']}>
                    <Button size="sm" variant="text" onClick={() => setAccepting(r)}>
                      上传验收文件
                    </Button>
                    {r.acceptanceFileList.length > 0 && (
                      <Button
                        size="sm"
                        variant="text"
                        onClick={() =>
                          void act(
                            `confirm-acceptance:${r.resultId}`,
                            (idempotencyKey) =>
                              gateway.confirmResult(r.resultId, true, { idempotencyKey }),
                            ctx.refetch,
                          )
                        }
                      >
                        确认验收文件
                      </Button>
                    )}
                  </HasPermi>
                )
              )}
            </div>
          ),
        },
        {
          key: 'sealScans',
          title: '盖章扫描件',
          render: (r) => names(r.sealScanList),
        },
      ]}
    >
      {(ctx) => (
        <>
          {accepting !== null && (
            <AcceptanceFileDialog
              result={accepting}
              onClose={() => setAccepting(null)}
              onSaved={() => {
                setAccepting(null);
                ctx.refetch();
              }}
            />
          )}
          <ResultFileForm
            open={uploading}
            onClose={() => setUploading(false)}
            onSubmit={async (form) => {
              const outcome = await uploads.current.run(`upload:${taskId}`, (idempotencyKey) =>
                gateway.uploadResult(
                  {
                    taskId: Number(taskId),
                    fileName: form.fileName,
                    fileProp: form.fileProp,
                    memo: form.memo,
                    fileList: [form.file.fileId],
                  },
                  { idempotencyKey },
                ),
              );
              // The form shows a refusal (and keeps what was typed).
              if (!outcome.ok) throw outcome.error;
              setUploading(false);
              ctx.refetch();
            }}
          />
        </>
      )}
    </CrudPage>
  );
}
