import { mayActOnTask, maySubmitSeal } from '@dpms/core';
import {
  errorMessage,
  taskSubject,
  TaskGateway,
  type ResultRow,
  type SealRow,
  type TaskChoice as Option,
  type TaskDetail,
  type TaskRow,
  type ValueRow,
} from '@dpms/http-client';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import {
  downloadExport,
  FileUpload,
  ResultFileForm,
  type UploadedFileRecord,
} from '../../components/upload';
import { useInstituteClock } from '../../components/time/institute-clock';
import type { TaskUpdateInput } from '@dpms/wire';

const STAGES: Option[] = [
  { value: '1', label: '方案设计' },
  { value: '2', label: '初步设计' },
  { value: '3', label: '施工图设计' },
];
const STATUS: Option[] = [
  { value: '0', label: '待设计主持确认' },
  { value: '1', label: '待项目经理确认' },
  { value: '2', label: '待部门确认' },
  { value: '3', label: '已确认' },
];
const SEAL_TYPES: Option[] = [
  '公章',
  '节能章',
  '审图章',
  '出图章',
  '技术专用章',
  '工艺图章',
  '施工准备章',
  '注册建筑师章',
  '注册结构工程师章',
].map((label, i) => ({ value: String(i + 1), label }));
const STEP_NAMES = {
  designHost: '设计主持确认',
  projectManager: '项目经理确认',
  department: '部门确认',
};

function useGateway(): TaskGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new TaskGateway(http), [http]);
}

function useOptions(load: () => Promise<Option[]>, deps: unknown[] = []): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((o) => live && setOptions(o))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, deps);
  return options;
}

/** Runs a call, shows the server's message on failure and 操作成功 on success. */
function useAct() {
  const feedback = useService(TOKENS.Feedback);
  return async (run: () => Promise<unknown>, done: () => void, success = '操作成功') => {
    try {
      await run();
      feedback.success(success);
      done();
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  };
}

const select = 'w-full rounded border border-line px-2 py-1.5 text-sm';
const input = select;

// ---- 设计任务 --------------------------------------------------------------------------------

/** The task sheet: fields, sign flow, terms. */
function TaskDetailDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const gateway = useGateway();
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

/** 设计任务: the task list with the sheet form and the confirmation of whoever's turn it is. */
export function DesignTaskPage() {
  const gateway = useGateway();
  const act = useAct();
  const actor = useActionActor();
  const feedback = useService(TOKENS.Feedback);
  const contracts = useOptions(() => gateway.contracts());
  const hosts = useOptions(() => gateway.usersOfRole(7));
  const managers = useOptions(() => gateway.usersOfRole(2));
  const majors = useOptions(() => gateway.majors('3'));
  const [viewing, setViewing] = useState<number | null>(null);
  /** A confirmation changes the sheet for good: it is asked for first, naming the step. */
  const confirmStep = async (t: TaskRow, refetch: () => void) => {
    if (t.currentStep === null) return;
    const ok = await feedback.confirm({
      message: `确认对任务单“${t.taskNo}”进行${STEP_NAMES[t.currentStep]}吗？确认后任务单不能再修改或删除。`,
    });
    if (ok) await act(() => gateway.confirm(t, '同意'), refetch);
  };
  return (
    <CrudPage<TaskRow, { taskNo: string; taskName: string; projectName: string; status: string }>
      title="设计任务"
      noun="任务单"
      queryKey="design-tasks"
      gateway={{
        list: gateway.list,
        add: (b: Record<string, unknown>) => gateway.add(b),
        update: (b: Record<string, unknown>) => gateway.update(b as TaskUpdateInput),
        remove: gateway.remove,
      }}
      filter={{ taskNo: '', taskName: '', projectName: '', status: '' }}
      search={[
        { key: 'taskNo', label: '任务单号' },
        { key: 'taskName', label: '任务名称' },
        { key: 'projectName', label: '项目名称' },
        { key: 'status', label: '状态', type: 'select', options: STATUS },
      ]}
      rowKey="taskId"
      columns={(ctx) => [
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        { key: 'projectName', title: '项目名称' },
        { key: 'designStageName', title: '设计阶段' },
        { key: 'designUserName', title: '设计主持' },
        { key: 'projectManagerName', title: '项目经理' },
        { key: 'planFinishDate', title: '计划完成日期', width: 110 },
        { key: 'statusName', title: '状态' },
        {
          key: 'confirm',
          title: '确认',
          render: (t) => (
            <div className="flex gap-1">
              <Button size="sm" variant="text" onClick={() => setViewing(t.taskId)}>
                查看
              </Button>
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
            </div>
          ),
        },
      ]}
      permissions={{
        add: 'project:designTask:add',
        edit: 'project:designTask:edit',
        remove: 'project:designTask:remove',
      }}
      offered={{
        edit: (t) => mayActOnTask('edit', taskSubject(t), actor),
        remove: (t) => mayActOnTask('remove', taskSubject(t), actor),
      }}
      form={{
        idKey: 'taskId',
        defaults: { qualityType: '0', designStageId: '3' },
        toForm: (t) => ({
          contractId: String(t.contractId),
          taskName: t.taskName,
          subItemName: t.subItemName,
          taskResultName: t.taskResultName,
          designStageId: t.designStageId,
          qualityType: t.qualityType,
          designUserId: String(t.designUserId),
          projectManagerId: String(t.projectManagerId),
          planFinishDate: t.planFinishDate,
          taskAmount: t.taskAmount,
          majorId: String(t.majorList[0]?.majorId ?? ''),
          remark: t.remark,
        }),
        toBody: (v) => {
          const { majorId, ...rest } = v;
          return {
            ...rest,
            majorIds: majorId && v['designStageId'] === '3' ? [Number(majorId)] : [],
          };
        },
        fields: [
          {
            key: 'contractId',
            label: '所属合同',
            type: 'select',
            options: contracts,
            required: true,
          },
          { key: 'taskName', label: '任务名称', required: true, maxLength: 200 },
          { key: 'subItemName', label: '子项名称', maxLength: 200 },
          { key: 'taskResultName', label: '成果名称', maxLength: 200 },
          {
            key: 'designStageId',
            label: '设计阶段',
            type: 'select',
            options: STAGES,
            required: true,
          },
          { key: 'majorId', label: '专业（施工图）', type: 'select', options: majors },
          {
            key: 'qualityType',
            label: '质量要求',
            type: 'radio',
            options: [
              { value: '0', label: '无' },
              { value: '1', label: '有' },
            ],
          },
          {
            key: 'designUserId',
            label: '设计主持',
            type: 'select',
            options: hosts,
            required: true,
          },
          {
            key: 'projectManagerId',
            label: '项目经理',
            type: 'select',
            options: managers,
            required: true,
          },
          {
            key: 'planFinishDate',
            label: '计划完成日期',
            required: true,
            placeholder: 'yyyy-MM-dd',
          },
          { key: 'taskAmount', label: '任务产值（万元）', placeholder: '0' },
          { key: 'remark', label: '备注', type: 'textarea', maxLength: 5200 },
        ],
      }}
      remove={{ what: (t) => `任务单“${t.taskNo}”` }}
    >
      <TaskDetailDialog taskId={viewing} onClose={() => setViewing(null)} />
    </CrudPage>
  );
}

// ---- 任务成果 --------------------------------------------------------------------------------

/** 任务成果: results of the tasks in scope, uploads, and the manager's confirmations. */
export function TaskResultPage() {
  const gateway = useGateway();
  const act = useAct();
  const [uploading, setUploading] = useState(false);
  const [taskId, setTaskId] = useState('');
  const tasks = useOptions(() =>
    gateway
      .list({ pageNum: 1, pageSize: 1000, status: '3' })
      .then((p) =>
        p.rows.map((t) => ({ value: String(t.taskId), label: `${t.taskNo} ${t.taskName}` })),
      ),
  );
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
              className={select}
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
        { key: 'userName', title: '上传人' },
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
                    void act(() => gateway.confirmResult(r.resultId, false), ctx.refetch)
                  }
                >
                  确认成果
                </Button>
              </HasPermi>
            ),
        },
      ]}
    >
      {(ctx) => (
        <ResultFileForm
          open={uploading}
          onClose={() => setUploading(false)}
          onSubmit={async (form) => {
            await gateway.uploadResult({
              taskId: Number(taskId),
              fileName: form.fileName,
              fileProp: form.fileProp,
              memo: form.memo,
              fileList: [form.file.fileId],
            });
            setUploading(false);
            ctx.refetch();
          }}
        />
      )}
    </CrudPage>
  );
}

// ---- 成果盖章 --------------------------------------------------------------------------------

function SealRequestDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useGateway();
  const act = useAct();
  const tasks = useOptions(
    () =>
      gateway
        .list({ pageNum: 1, pageSize: 1000, status: '3' })
        .then((p) =>
          p.rows.map((t) => ({ value: String(t.taskId), label: `${t.taskNo} ${t.taskName}` })),
        ),
    [open],
  );
  const [taskId, setTaskId] = useState('');
  const [drawContent, setDrawContent] = useState('');
  const [drawNum, setDrawNum] = useState('1');
  const [sealType, setSealType] = useState<string[]>([]);
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="成果盖章申请"
      testId="seal-request"
      footer={
        <Button
          variant="primary"
          onClick={() =>
            void act(
              () =>
                gateway.addSeal({
                  taskId: Number(taskId),
                  drawContent,
                  drawNum: Number(drawNum),
                  sealType,
                  imgFiles: files.map((f) => f.fileId),
                }),
              () => {
                onSaved();
                onClose();
              },
            )
          }
        >
          保存
        </Button>
      }
    >
      <div className="grid gap-3">
        <Field label="任务单" required>
          <select
            className={select}
            aria-label="任务单"
            value={taskId}
            onChange={(e) => setTaskId(e.target.value)}
          >
            <option value="">请选择</option>
            {tasks.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="图纸内容" required>
          <textarea
            className={input}
            aria-label="图纸内容"
            maxLength={150}
            value={drawContent}
            onChange={(e) => setDrawContent(e.target.value)}
          />
        </Field>
        <Field label="份数">
          <input
            className={input}
            aria-label="份数"
            value={drawNum}
            onChange={(e) => setDrawNum(e.target.value)}
          />
        </Field>
        <Field label="印章类型" required>
          <div className="flex flex-wrap gap-3 text-sm">
            {SEAL_TYPES.map((o) => (
              <label key={o.value} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={sealType.includes(o.value)}
                  onChange={(e) =>
                    setSealType(
                      e.target.checked
                        ? [...sealType, o.value]
                        : sealType.filter((v) => v !== o.value),
                    )
                  }
                />
                {o.label}
              </label>
            ))}
          </div>
        </Field>
        <Field label="图纸文件">
          <FileUpload value={files} onChange={setFiles} limit={0} />
        </Field>
      </div>
    </Dialog>
  );
}

/** 成果盖章: seal requests, sent into approval 13_1 by their applicant. */
export function ResultSealPage() {
  const gateway = useGateway();
  const act = useAct();
  const actor = useActionActor();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<SealRow | null>(null);
  return (
    <CrudPage<SealRow, { taskName: string; status: string }>
      title="成果盖章"
      noun="盖章申请"
      queryKey="result-seals"
      gateway={{ list: gateway.seals }}
      filter={{ taskName: '', status: '' }}
      search={[
        { key: 'taskName', label: '任务名称' },
        {
          key: 'status',
          label: '状态',
          type: 'select',
          options: [
            { value: '-1', label: '待提交' },
            { value: '0', label: '审批中' },
            { value: '1', label: '已通过' },
            { value: '2', label: '已驳回' },
            { value: '3', label: '已撤回' },
          ],
        },
      ]}
      rowKey="resultSealId"
      headerActions={
        <HasPermi perms={['project:resultSeal:add']}>
          <Button variant="primary" onClick={() => setOpen(true)}>
            新增盖章申请
          </Button>
        </HasPermi>
      }
      columns={(ctx) => [
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        { key: 'drawContent', title: '图纸内容' },
        { key: 'drawNum', title: '份数', width: 60 },
        {
          key: 'sealType',
          title: '印章类型',
          render: (s) => s.sealType.map((v) => SEAL_TYPES[Number(v) - 1]?.label ?? v).join('、'),
        },
        { key: 'userName', title: '申请人' },
        { key: 'sealTime', title: '盖章日期' },
        { key: 'statusName', title: '状态' },
        {
          key: 'ops',
          title: '操作',
          render: (s) => (
            <div className="flex gap-1">
              <Button
                size="sm"
                variant="text"
                onClick={() =>
                  void gateway.sealDetail(s.resultSealId).then((d) => {
                    setViewing(d);
                    ctx.refetch();
                  })
                }
              >
                查看
              </Button>
              {maySubmitSeal(s, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() => void act(() => gateway.submitSeal(s.resultSealId), ctx.refetch)}
                >
                  提交审批
                </Button>
              )}
            </div>
          ),
        },
      ]}
    >
      {(ctx) => (
        <>
          <SealRequestDialog open={open} onClose={() => setOpen(false)} onSaved={ctx.refetch} />
          <Dialog
            open={viewing !== null}
            onClose={() => setViewing(null)}
            title="成果盖章详情"
            testId="seal-detail"
          >
            {viewing && (
              <div className="grid gap-1 text-sm">
                <div>
                  任务单：{viewing.taskNo} {viewing.taskName}
                </div>
                <div>合同：{viewing.contractName}</div>
                <div>图纸内容：{viewing.drawContent}</div>
                <div>状态：{viewing.statusName}</div>
                <div>盖章日期：{viewing.sealTime ?? ''}</div>
                <div>图纸文件：{viewing.imgFiles.map((f) => f.name).join('、')}</div>
                <div>盖章扫描件：{viewing.sealImagesList.map((f) => f.name).join('、')}</div>
              </div>
            )}
          </Dialog>
        </>
      )}
    </CrudPage>
  );
}

// ---- 产值确认 --------------------------------------------------------------------------------

/** 产值确认: confirmed tasks with their output value; the manager or head confirms and pays. */
export function ValueConfirmPage() {
  const gateway = useGateway();
  const act = useAct();
  const [editing, setEditing] = useState<{
    row: ValueRow;
    kind: 'finish' | 'ready' | 'quality';
  } | null>(null);
  const [amount, setAmount] = useState('');
  const titles = { finish: '确认完成产值', ready: '产值发放', quality: '发放质量保证金' };
  // The export sends the filters the list last ran, not the search form's unsearched edits.
  const searched = useRef<Record<string, string | number>>({});
  const values = useMemo(
    () => ({
      list: (q: Record<string, string | number>) => {
        searched.current = q;
        return gateway.values(q);
      },
    }),
    [gateway],
  );
  return (
    <CrudPage<ValueRow, { taskName: string; projectName: string }>
      title="产值确认"
      noun="产值"
      queryKey="value-confirm"
      gateway={values}
      headerActions={
        <HasPermi perms={['project:valueConfirm:list']}>
          <Button
            data-testid="value-export"
            onClick={() => void downloadExport(gateway.confirmDetailExportUrl(searched.current))}
          >
            导出
          </Button>
        </HasPermi>
      }
      filter={{ taskName: '', projectName: '' }}
      search={[
        { key: 'taskName', label: '任务名称' },
        { key: 'projectName', label: '项目名称' },
      ]}
      rowKey="taskId"
      table={{ decimals: 6 }}
      columns={[
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        { key: 'taskAmount', title: '任务产值（万元）', align: 'right' },
        { key: 'confirmFinishAmount', title: '确认完成产值（万元）', align: 'right' },
        { key: 'qualityDeposit', title: '质量保证金（万元）', align: 'right' },
        { key: 'readyPaid', title: '已发放（万元）', align: 'right' },
        { key: 'qualityPaid', title: '已发保证金（万元）', align: 'right' },
        {
          key: 'ops',
          title: '操作',
          render: (v) => (
            <div className="flex gap-1">
              {(['finish', 'ready', 'quality'] as const).map((kind) => (
                <Button
                  key={kind}
                  size="sm"
                  variant="text"
                  onClick={() => {
                    setAmount('');
                    setEditing({ row: v, kind });
                  }}
                >
                  {titles[kind]}
                </Button>
              ))}
            </div>
          ),
        },
      ]}
    >
      {(ctx) => (
        <Dialog
          open={editing !== null}
          onClose={() => setEditing(null)}
          title={editing ? titles[editing.kind] : ''}
          testId="value-dialog"
          footer={
            <Button
              variant="primary"
              onClick={() =>
                editing &&
                void act(
                  () =>
                    editing.kind === 'finish'
                      ? gateway.updateFinishAmount(editing.row.taskId, amount.trim())
                      : gateway.pay(editing.kind, {
                          taskId: editing.row.taskId,
                          payAmount: amount.trim(),
                        }),
                  () => {
                    setEditing(null);
                    ctx.refetch();
                  },
                )
              }
            >
              确定
            </Button>
          }
        >
          <Field label="金额（万元）" required>
            <input
              className={input}
              aria-label="金额"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </Field>
        </Dialog>
      )}
    </CrudPage>
  );
}
