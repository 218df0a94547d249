import { closingActions } from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { useActionKeys } from '../../components/crud/action-keys';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { FilePreviewDialog, type PreviewFile } from '../../components/widgets/FilePreviewDialog';
import { ClosingDetailDialog } from './ClosingDetailDialog';
import { ClosingFormDialog } from './ClosingFormDialog';
import { FinishDialog } from './FinishDialog';
import type { ClosingGateway } from './closing.gateway';
import { type ClosingKind, type ClosingRecord, type FinishRow } from './closing.gateway';

const KIND_NAMES: Record<ClosingKind, string> = { closed: '结案', settle: '结算' };
const STATUS_OPTIONS = [
  { value: '0', label: '草稿' },
  { value: '1', label: '审批中' },
  { value: '2', label: '已通过' },
  { value: '3', label: '已驳回' },
];
type Tab = ClosingKind | 'finish';
const TABS: { key: Tab; label: string }[] = [
  { key: 'closed', label: '结案' },
  { key: 'settle', label: '结算' },
  { key: 'finish', label: '合同完工' },
];

export function useClosingGateway(): ClosingGateway {
  return useService(TOKENS.ClosingGateway);
}

/**
 * Opens an approval sheet's PDF (the print service's A4 sheet with every node's signature) in the
 * PDF viewer: the file is fetched with the session's token and shown from an object URL.
 */
export function useSheetPdf(gateway: ClosingGateway) {
  const files = useService(TOKENS.FileGateway);
  const feedback = useService(TOKENS.Feedback);
  const [file, setFile] = useState<PreviewFile | null>(null);
  useEffect(() => {
    if (!file) return;
    return () => URL.revokeObjectURL(file.url);
  }, [file]);
  const open = useCallback(
    async (approvalId: string, name: string) => {
      try {
        const { blob } = await files.downloadPath(gateway.sheetPdfPath(approvalId));
        setFile({ name: `${name}.pdf`, url: URL.createObjectURL(blob) });
      } catch (e) {
        feedback.error(errorMessage(e, '审批单打印失败'));
      }
    },
    [files, feedback, gateway],
  );
  return { open, dialog: <FilePreviewDialog file={file} onClose={() => setFile(null)} /> };
}

/** 结算结案 (project/closedCase/index): closed cases, settlements and contract finish. */
export function ClosedCasePage() {
  const gateway = useClosingGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const [tab, setTab] = useState<Tab>('closed');
  const [form, setForm] = useState<{ kind: ClosingKind; contractId?: number } | null>(null);
  const [detail, setDetail] = useState<ClosingRecord | null>(null);
  const [finishOf, setFinishOf] = useState<number | null>(null);
  const sheet = useSheetPdf(gateway);
  // The export sends the filters the list last ran, not the search form's unsearched edits.
  const searched = useRef<Record<string, string | number>>({});

  /**
   * A row's write under the Idempotency-Key of its intent (`slot`), re-sent unchanged when the
   * person retries after a lost answer, so the server applies it once.
   */
  const keys = useActionKeys();
  const act = async (
    slot: string,
    run: (idempotencyKey: string) => Promise<unknown>,
    done: () => void,
    success = '操作成功',
  ) => {
    const outcome = await keys.run(slot, run);
    if (outcome.ok) {
      feedback.success(success);
      done();
    } else {
      feedback.error(outcome.message);
      if (outcome.reload) done();
    }
  };

  const tabs = (
    <div className="mb-3 flex gap-2" role="tablist">
      {TABS.map((t) => (
        <Button
          key={t.key}
          role="tab"
          aria-selected={tab === t.key}
          variant={tab === t.key ? 'primary' : 'default'}
          onClick={() => setTab(t.key)}
        >
          {t.label}
        </Button>
      ))}
    </div>
  );

  if (tab === 'finish')
    return (
      <div>
        {tabs}
        <FinishListPage gateway={gateway} onOpen={setFinishOf} />
        {finishOf !== null && (
          <FinishDialog gateway={gateway} contractId={finishOf} onClose={() => setFinishOf(null)} />
        )}
      </div>
    );

  const kind = tab;
  const name = KIND_NAMES[kind];
  return (
    <div>
      {tabs}
      <CrudPage<ClosingRecord, { contractName: string; status: string }>
        key={kind}
        title={`${name}列表`}
        noun={name}
        queryKey={`closing-${kind}`}
        gateway={{
          list: (q) => {
            searched.current = q;
            return gateway.list(kind, q);
          },
        }}
        filter={{ contractName: '', status: '' }}
        search={[
          { key: 'contractName', label: '合同名称' },
          { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
        ]}
        rowKey="closedId"
        table={{ decimals: 6, testId: `closing-table-${kind}` }}
        headerActions={
          <>
            <HasPermi perms={['project:closedCase:add']}>
              <Button variant="primary" onClick={() => setForm({ kind })}>
                新增{name}
              </Button>
            </HasPermi>
            <HasPermi perms={['project:closedCase:export']}>
              <Button
                data-testid={`closing-export-${kind}`}
                onClick={() => void downloadExport(gateway.exportUrl(kind, searched.current))}
              >
                导出
              </Button>
            </HasPermi>
          </>
        }
        columns={(ctx) => [
          { key: 'projectName', title: '项目名称' },
          { key: 'contractName', title: '合同名称' },
          { key: 'contractNo', title: '合同编号', width: 120 },
          { key: 'closedCaseAmount', title: '结案金额（万元）', amount: true },
          { key: 'backAmount', title: '回款金额（万元）', amount: true },
          { key: 'settleAmount', title: '结算金额（万元）', amount: true },
          {
            key: 'statusName',
            title: '状态',
            width: 90,
            render: (r) => <span data-testid={`closing-status-${r.closedId}`}>{r.statusName}</span>,
          },
          {
            key: 'ops',
            title: '操作',
            render: (r) => {
              return (
                <>
                  <Button size="sm" variant="text" onClick={() => setDetail(r)}>
                    详情
                  </Button>
                  {closingActions.may('edit', r, actor) && (
                    <>
                      <Button
                        size="sm"
                        variant="text"
                        onClick={() => setForm({ kind, contractId: r.contractId })}
                      >
                        修改
                      </Button>
                      <Button
                        size="sm"
                        variant="text"
                        onClick={() =>
                          void act(
                            `submit-${kind}-${String(r.closedId)}`,
                            (idempotencyKey) =>
                              gateway.submit(kind, r.closedId, { idempotencyKey }),
                            ctx.refetch,
                            '已送审',
                          )
                        }
                      >
                        送审
                      </Button>
                    </>
                  )}
                  {closingActions.may('remove', r, actor) && (
                    <>
                      <Button
                        size="sm"
                        variant="text"
                        className="text-danger-600!"
                        onClick={() =>
                          void feedback
                            .confirm({ message: `是否确认删除“${r.contractName}”的${name}记录？` })
                            .then(async (yes) => {
                              if (yes)
                                await act(
                                  `remove-${kind}-${String(r.closedId)}`,
                                  (idempotencyKey) =>
                                    gateway.remove(kind, r.closedId, { idempotencyKey }),
                                  ctx.refetch,
                                );
                            })
                        }
                      >
                        删除
                      </Button>
                    </>
                  )}
                  {r.approvalId !== null && (
                    <Button
                      size="sm"
                      variant="text"
                      onClick={() =>
                        void sheet.open(r.approvalId ?? '', `${name}审核-${r.contractName}`)
                      }
                    >
                      打印
                    </Button>
                  )}
                  <Button size="sm" variant="text" onClick={() => setFinishOf(r.contractId)}>
                    完工确认
                  </Button>
                </>
              );
            },
          },
        ]}
      >
        {(ctx) => (
          <>
            {form !== null && (
              <ClosingFormDialog
                gateway={gateway}
                kind={form.kind}
                {...(form.contractId === undefined ? {} : { contractId: form.contractId })}
                onClose={() => setForm(null)}
                onSaved={() => {
                  setForm(null);
                  ctx.refetch();
                }}
              />
            )}
            {detail !== null && (
              <ClosingDetailDialog
                gateway={gateway}
                record={detail}
                onPrint={(approvalId) =>
                  void sheet.open(approvalId, `${name}审核-${detail.contractName}`)
                }
                onClose={() => setDetail(null)}
              />
            )}
            {finishOf !== null && (
              <FinishDialog
                gateway={gateway}
                contractId={finishOf}
                onClose={() => setFinishOf(null)}
              />
            )}
            {sheet.dialog}
          </>
        )}
      </CrudPage>
    </div>
  );
}

/** 合同完工: formal contracts with their finish figures (serviceManagelist). */
function FinishListPage({
  gateway,
  onOpen,
}: {
  gateway: ClosingGateway;
  onOpen: (contractId: number) => void;
}) {
  return (
    <CrudPage<FinishRow, { contractName: string; projectName: string; finishStatus: string }>
      title="合同完工"
      noun="合同"
      queryKey="contract-finish"
      gateway={{ list: (q) => gateway.manageList(q) }}
      filter={{ contractName: '', projectName: '', finishStatus: '' }}
      search={[
        { key: 'contractName', label: '合同名称' },
        { key: 'projectName', label: '项目名称' },
        {
          key: 'finishStatus',
          label: '完成状态',
          type: 'select',
          options: [
            { value: '0', label: '未完成' },
            { value: '1', label: '已完成' },
          ],
        },
      ]}
      rowKey="contractId"
      table={{ decimals: 6, testId: 'finish-table' }}
      columns={[
        { key: 'projectName', title: '项目名称' },
        { key: 'contractName', title: '合同名称' },
        { key: 'taskAmount', title: '任务产值（万元）', amount: true },
        { key: 'confirmFinishAmount', title: '确认完成产值（万元）', amount: true },
        { key: 'backAmount', title: '已回款（万元）', amount: true },
        { key: 'fileCount', title: '完工文件', width: 80 },
        { key: 'finishStatusName', title: '完成状态', width: 90 },
        {
          key: 'ops',
          title: '操作',
          render: (r) => (
            <Button size="sm" variant="text" onClick={() => onOpen(r.contractId)}>
              完工确认
            </Button>
          ),
        },
      ]}
    />
  );
}
