import { displayAmount, feeRatesText, historySentence } from '@dpms/core';
import {
  errorMessage,
  type ContractDetailRecord,
  type ContractFileRecord,
} from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import {
  BigUpload,
  downloadFile,
  formatSize,
  type UploadedFileRecord,
} from '../../components/upload';
import { downloadExport } from '../../components/upload/download';
import { useFilePreview } from '../../components/upload/useFilePreview';
import { ApprovalDetailDialog } from '../../components/approval/ApprovalDetailSlot';
import { FEE_FIELDS } from './labels';
import { useInstituteClock, type InstituteClock } from '../../components/time/institute-clock';

const FIELDS: [keyof ContractDetailRecord, string][] = [
  ['contractNo', '合同编号'],
  ['projectName', '项目名称'],
  ['contractName', '合同名称'],
  ['entrustBusinessName', '委托单位'],
  ['stageName', '阶段'],
  ['statusName', '审批状态'],
  ['bizSourceName', '业务来源'],
  ['bizTypeName', '业务类型'],
  ['signByMain', '甲方'],
  ['signBySub', '乙方'],
  ['signDate', '签订日期'],
  ['location', '项目地点'],
  ['serviceManagerName', '服务经理'],
  ['totalAmount', '合同金额（万元）'],
  ['receiveAmount', '已收金额（万元）'],
  ['cleanAmount', '合同净额（万元）'],
  ['createByName', '创建人'],
  ['createTime', '创建时间'],
];

/** The fields in 万元: shown as people read amounts. */
const AMOUNT_FIELDS = new Set<keyof ContractDetailRecord>([
  'totalAmount',
  'receiveAmount',
  'cleanAmount',
]);

const CATEGORIES: [ContractFileRecord['category'], string][] = [
  ['contract', '合同文件'],
  ['government', '政府文件'],
  ['design', '设计文件'],
];

/** A formal contract as printed: the record and its approval's signatures, sealed (A4 PDF). */
export const contractPdfPath = (contractId: number): string => `/v4/contract/${contractId}/pdf`;

/** Only an approved formal contract prints: it has the approval whose signatures it carries. */
const printable = (c: ContractDetailRecord): boolean =>
  c.stage === 'formal' && c.status === 1 && Boolean(c.approvalId);

/** A value as shown: a timestamp on the institute's clock, other text as it is. */
const show = (v: unknown, clock: InstituteClock): string =>
  v === null || v === undefined || v === ''
    ? '-'
    : typeof v === 'string'
      ? clock.instant(v)
      : JSON.stringify(v);

/**
 * A contract's detail: its fields, the stored fee split with the rates used, its files (contract,
 * government and design files, uploaded in 10 MiB chunks three at a time), its approvals (review
 * and changes, each opening the approval detail) and its history.
 */
export function ContractDetailDialog({
  contractId,
  onClose,
}: {
  contractId: number;
  onClose: () => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const clock = useInstituteClock();
  const feedback = useService(TOKENS.Feedback);
  const detail = useQuery({
    queryKey: ['contract-detail', contractId],
    queryFn: () => gateway.detail(contractId),
  });
  const files = useQuery({
    queryKey: ['contract-files', contractId],
    queryFn: () => gateway.files(contractId),
  });
  const changes = useQuery({
    queryKey: ['contract-changes', contractId],
    queryFn: () => gateway.changes(contractId),
  });
  const [category, setCategory] = useState<ContractFileRecord['category']>('contract');
  const [uploaded, setUploaded] = useState<UploadedFileRecord[]>([]);
  const [approvalId, setApprovalId] = useState<string | null>(null);
  const preview = useFilePreview();
  const c = detail.data;
  const pdfName = c ? `${c.contractName || c.contractNo || '正式合同'}.pdf` : '';

  const link = async () => {
    const ids = uploaded.map((f) => f.fileId).filter((x): x is string => typeof x === 'string');
    if (ids.length === 0) return;
    try {
      await gateway.linkFiles(contractId, category, ids);
      setUploaded([]);
      feedback.success('上传成功');
      void files.refetch();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };
  const unlink = async (f: ContractFileRecord) => {
    const ok = await feedback.confirm({
      title: '系统提示',
      message: `是否确认删除“${f.fileName}”？`,
    });
    if (!ok) return;
    try {
      await gateway.unlinkFile(f.contractFileId);
      feedback.success('删除成功');
      void files.refetch();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };

  const approvals = [
    ...(c?.approvalId ? [{ id: c.approvalId, label: '合同评审', status: c.statusName }] : []),
    ...(changes.data ?? [])
      .filter((x) => x.approvalId)
      .map((x) => ({ id: x.approvalId!, label: `合同变更：${x.reason}`, status: x.statusName })),
  ];

  return (
    <Dialog open onClose={onClose} title="合同详情" width={960} testId="contract-detail">
      {!c ? (
        <p className="text-ink-soft">{detail.error ? errorMessage(detail.error) : '加载中…'}</p>
      ) : (
        <div className="space-y-5 text-sm" data-contract-id={c.contractId}>
          {printable(c) && (
            <HasPermi perms={['project:contract:query']}>
              <div className="flex justify-end gap-2" data-testid="contract-pdf-actions">
                <Button
                  variant="ghost"
                  onClick={() =>
                    void preview.openExport({
                      fileName: pdfName,
                      apiPath: contractPdfPath(c.contractId),
                    })
                  }
                >
                  查看PDF
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void downloadExport(contractPdfPath(c.contractId), pdfName)}
                >
                  下载PDF
                </Button>
              </div>
            </HasPermi>
          )}
          <dl className="grid gap-x-6 gap-y-2 md:grid-cols-2">
            {FIELDS.map(([key, label]) => (
              <div key={key} className="flex gap-2">
                <dt className="w-32 shrink-0 text-ink-soft">{label}</dt>
                <dd data-field={key} className="break-all text-ink">
                  {AMOUNT_FIELDS.has(key) && c[key] !== null && c[key] !== ''
                    ? displayAmount(c[key])
                    : show(c[key], clock)}
                </dd>
              </div>
            ))}
          </dl>

          <section>
            <h3 className="mb-2 font-medium">费用拆分（万元）</h3>
            <table
              className="w-full border border-line text-right tabular-nums"
              data-testid="fee-split"
            >
              <thead className="bg-canvas text-ink-soft">
                <tr>
                  {FEE_FIELDS.map(([key, label]) => (
                    <th key={key} className="px-2 py-1 font-normal">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  {FEE_FIELDS.map(([key]) => (
                    <td key={key} className="px-2 py-1" data-fee={key}>
                      {c[key] === null || c[key] === '' ? '-' : displayAmount(c[key])}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
            {Object.keys(c.feeRates ?? {}).length > 0 && (
              <p className="mt-1 text-xs text-muted" data-testid="fee-rates">
                费率：{feeRatesText(c.feeRates)}
              </p>
            )}
          </section>

          <section data-testid="contract-files">
            <h3 className="mb-2 font-medium">合同文件</h3>
            <ul className="mb-3 space-y-1">
              {(files.data ?? []).map((f) => (
                <li key={f.contractFileId} className="flex items-center gap-3">
                  <span className="text-ink-soft">[{f.categoryName}]</span>
                  <span className="min-w-0 flex-1 truncate">{f.fileName}</span>
                  <span className="text-muted">{formatSize(f.size)}</span>
                  <Button
                    size="sm"
                    variant="text"
                    onClick={() => void downloadFile(f.fileId, f.fileName)}
                  >
                    下载
                  </Button>
                  <Button size="sm" variant="text" onClick={() => void unlink(f)}>
                    删除
                  </Button>
                </li>
              ))}
              {files.data?.length === 0 && <li className="text-muted">尚无关联到合同的文件</li>}
            </ul>
            <div className="flex flex-wrap items-start gap-3">
              <select
                className="input w-32"
                aria-label="文件类别"
                value={category}
                onChange={(e) => setCategory(e.target.value as ContractFileRecord['category'])}
              >
                {CATEGORIES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <div className="min-w-0 flex-1">
                <BigUpload profile="contract" value={uploaded} onChange={setUploaded} />
              </div>
              <Button
                variant="primary"
                disabled={uploaded.length === 0}
                onClick={() => void link()}
              >
                关联到合同
              </Button>
            </div>
          </section>

          <section data-testid="contract-approvals">
            <h3 className="mb-2 font-medium">审批记录</h3>
            {approvals.length === 0 ? (
              <p className="text-muted">暂无审批</p>
            ) : (
              <ul className="space-y-1">
                {approvals.map((a) => (
                  <li key={a.id} className="flex items-center gap-3">
                    <span>{a.label}</span>
                    <span className="text-ink-soft">{a.status}</span>
                    <Button size="sm" variant="text" onClick={() => setApprovalId(a.id)}>
                      查看审批
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section>
            <h3 className="mb-2 font-medium">变更记录</h3>
            {c.history.length === 0 && <p className="text-muted">暂无变更记录</p>}
            <ul className="space-y-1 text-ink-soft">
              {c.history.map((h, i) => (
                <li key={i} data-testid="history-line">
                  <span className="mr-2 tabular-nums">{clock.instant(h.time)}</span>
                  {historySentence(h, '合同')}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {preview.dialog}
      {approvalId && (
        <ApprovalDetailDialog approvalId={approvalId} onClose={() => setApprovalId(null)} />
      )}
    </Dialog>
  );
}
