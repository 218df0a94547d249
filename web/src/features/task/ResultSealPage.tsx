import { maySubmitSeal } from '@dpms/core';
import type { SealRow } from '@dpms/http-client';
import { useMemo, useRef, useState } from 'react';
import { useActionActor } from '../../app/hooks';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { SealRequestDialog } from './SealRequestDialog';
import { SealScanDialog } from './SealScanDialog';
import { SealSubmitDialog } from './SealSubmitDialog';
import { SEAL_TYPES, useKeyedAct, useTaskGateway } from './task-shared';

/** 成果盖章: seal requests, sent into approval (13_1, or the technical seal 25_x) by their applicant. */
export function ResultSealPage() {
  const gateway = useTaskGateway();
  const act = useKeyedAct();
  const actor = useActionActor();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<SealRow | null>(null);
  const [scanning, setScanning] = useState<SealRow | null>(null);
  // The export sends the filters the list last ran, not the search form's unsearched edits.
  const searched = useRef<Record<string, unknown>>({});
  const seals = useMemo(
    () => ({
      list: (q: Parameters<typeof gateway.seals>[0]) => {
        searched.current = q;
        return gateway.seals(q);
      },
    }),
    [gateway],
  );
  const [sending, setSending] = useState<SealRow | null>(null);
  return (
    <CrudPage<SealRow, { taskName: string; status: string }>
      title="成果盖章"
      noun="盖章申请"
      queryKey="result-seals"
      gateway={seals}
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
        <>
          <HasPermi perms={['project:resultSeal:add']}>
            <Button variant="primary" onClick={() => setOpen(true)}>
              新增盖章申请
            </Button>
          </HasPermi>
          {/* exportRealSeal: the stamped (approved) requests the list found. */}
          <HasPermi perms={['project:resultSeal:export']}>
            <Button
              data-testid="seal-export"
              onClick={() => void downloadExport(gateway.sealExportUrl(searched.current))}
            >
              导出
            </Button>
          </HasPermi>
        </>
      }
      columns={(ctx) => [
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        {
          key: 'results',
          title: '盖章成果',
          render: (s) => s.resultList.map((r) => r.fileName).join('、'),
        },
        { key: 'drawContent', title: '图纸内容' },
        { key: 'drawNum', title: '份数', width: 60 },
        {
          key: 'sealType',
          title: '印章类型',
          render: (s) => s.sealType.map((v) => SEAL_TYPES[Number(v) - 1]?.label ?? v).join('、'),
        },
        { key: 'nickName', title: '申请人' },
        { key: 'sealTime', title: '盖章日期' },
        { key: 'statusName', title: '状态' },
        {
          key: 'ops',
          title: '操作',
          render: (s) => (
            <>
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
                <Button size="sm" variant="text" onClick={() => setSending(s)}>
                  提交审批
                </Button>
              )}
              {s.status === 1 && (
                <HasPermi perms={['project:resultSeal:edit']}>
                  <Button size="sm" variant="text" onClick={() => setScanning(s)}>
                    上传扫描件
                  </Button>
                </HasPermi>
              )}
            </>
          ),
        },
      ]}
    >
      {(ctx) => (
        <>
          {open && <SealRequestDialog onClose={() => setOpen(false)} onSaved={ctx.refetch} />}
          {sending !== null && (
            <SealSubmitDialog
              seal={sending}
              onClose={() => setSending(null)}
              onSubmit={(typeCode) =>
                void act(
                  `submit-seal:${sending.resultSealId}:${typeCode}`,
                  (idempotencyKey) =>
                    gateway.submitSeal(sending.resultSealId, { idempotencyKey }, typeCode),
                  () => {
                    setSending(null);
                    ctx.refetch();
                  },
                )
              }
            />
          )}
          {scanning !== null && (
            <SealScanDialog
              seal={scanning}
              onClose={() => setScanning(null)}
              onSaved={() => {
                setScanning(null);
                ctx.refetch();
              }}
            />
          )}
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
                <div>盖章成果：{viewing.resultList.map((r) => r.fileName).join('、')}</div>
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
