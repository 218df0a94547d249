import {
  CONTRACT_LIST_SESSION_KEYS,
  mayActOnContract,
  SIDE_PANEL_CONTRACT_TYPES,
  shouldRefreshContractList,
  type ContractAction,
} from '@dpms/core';
import { errorMessage, type ContractRecord } from '@dpms/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { useAskedRecord } from '../../app/use-asked-record';
import { TOKENS } from '../../app/tokens';
import { usePageTitle, useView } from '../../app/view-context';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField } from '../../components/ui/Page';
import { downloadExport } from '../../components/upload';
import { ContractDetailDialog } from './ContractDetailDialog';
import { ContractFormDialog } from './ContractFormDialog';
import type { FormStage } from './fee-preview';
import { BIZ_SOURCE_OPTIONS, STATUS_OPTIONS } from './labels';
import { DateInput } from '../../components/ui/DateInput';
import {
  EMPTY,
  exportUrl,
  source,
  TITLES,
  TYPE_NAMES,
  type ContractListMode,
  type Filter,
} from './contract-list-modes';
import { RowActions } from '../../components/table/RowActions';

export type { ContractListMode } from './contract-list-modes';

const amountColumn = (key: string, title: string): Column<ContractRecord> => ({
  key,
  title,
  amount: true,
  sum: true,
});

/**
 * One contract list: unsigned (stay), declared, contracts in review, formal contracts. Filters a
 * user of each list expects, column sums of the amounts, the .xlsx export of what is filtered,
 * the add/edit form with the live fee preview, conversion, submission and the detail.
 *
 * The side panel's details button stores a contract type before it navigates here
 * (CONTRACT_LIST_SESSION_KEYS): 'unEffective' narrows the unsigned list to the contracts not yet
 * confirmed; the refresh flag reloads the (kept-alive) list and is then cleared.
 */
export function ContractListView({ mode: initialMode }: { mode: ContractListMode }) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const storage = useService(TOKENS.SessionStorage);
  const queryClient = useQueryClient();
  const { active } = useView();
  const [storedType, setStoredType] = useState('');
  const [mode, setMode] = useState<ContractListMode>(initialMode);
  const unEffectiveOnly = storedType === SIDE_PANEL_CONTRACT_TYPES.unEffective;
  const src = source(mode, unEffectiveOnly && mode === 'stay');
  const list = useListQuery<ContractRecord, Filter>(
    `contracts-${src.kind}-${src.stage ?? ''}`,
    EMPTY,
    (q) => gateway.list(src.kind, { ...q, ...(src.stage ? { stage: src.stage } : {}) }),
  );
  const [form, setForm] = useState<{ stage: FormStage; editing?: ContractRecord } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  // The filters of the rows on screen (not the form's unsearched edits): what an export sends.
  const [applied, setApplied] = useState<Filter>(EMPTY);
  // Opened with `?contractId=` (a hit of the top bar's 全局搜索): that contract's detail.
  useAskedRecord('contractId', setDetailId);

  useEffect(() => {
    if (!active) return;
    const type = storage.read(CONTRACT_LIST_SESSION_KEYS.contractType, z.string()) ?? '';
    setStoredType(type);
    if (shouldRefreshContractList(storage.read(CONTRACT_LIST_SESSION_KEYS.refresh, z.string()))) {
      storage.remove(CONTRACT_LIST_SESSION_KEYS.refresh);
      list.refetch();
    }
  }, [storage, active]);

  const reload = () => {
    list.refetch();
    void queryClient.invalidateQueries({ queryKey: ['contractSummary'] });
  };
  const run = async (what: string, action: () => Promise<unknown>, confirm?: string) => {
    if (confirm && !(await feedback.confirm({ title: '系统提示', message: confirm }))) return;
    try {
      await action();
      feedback.success(what);
      reload();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };

  const d = list.draft;
  const setD = (key: keyof Filter) => (value: string) => list.setDraft({ ...d, [key]: value });
  const filterForExport = { ...applied, ...(src.stage ? { stage: src.stage } : {}) };

  const actions = (row: ContractRecord) => {
    // Every button follows the rule the contract routes refuse with (contractActionCheck).
    const may = (action: ContractAction) => mayActOnContract(action, row, actor);
    return (
      <RowActions>
        <Button
          size="sm"
          variant="text"
          data-testid="open-contract"
          onClick={() => setDetailId(row.contractId)}
        >
          详情
        </Button>
        {row.stage === 'stay' && (
          <>
            {may('edit') && (
              <Button
                size="sm"
                variant="text"
                onClick={() => setForm({ stage: 'stay', editing: row })}
              >
                修改
              </Button>
            )}
            {may('convert') && (
              <Button
                size="sm"
                variant="text"
                data-testid="convert"
                onClick={() =>
                  void run(
                    '转合同成功',
                    () => gateway.convert('stay', row.contractId),
                    `是否确认将“${row.contractName}”转为合同？`,
                  )
                }
              >
                转合同
              </Button>
            )}
            {row.effective === '0' && may('setEffective') && (
              <Button
                size="sm"
                variant="text"
                onClick={() =>
                  void run('已确认生效', () => gateway.setEffective(row.contractId, true))
                }
              >
                确认生效
              </Button>
            )}
          </>
        )}
        {row.stage === 'declare' && (
          <>
            {may('edit') && (
              <Button
                size="sm"
                variant="text"
                onClick={() => setForm({ stage: 'declare', editing: row })}
              >
                修改
              </Button>
            )}
            {may('submit') && (
              <Button
                size="sm"
                variant="text"
                onClick={() =>
                  void run('已提交审批', () => gateway.submit('declare', row.contractId))
                }
              >
                提交审批
              </Button>
            )}
            {may('convert') && (
              <Button
                size="sm"
                variant="text"
                onClick={() =>
                  void run(
                    '转合同成功',
                    () => gateway.convert('declare', row.contractId),
                    `是否确认将“${row.contractName}”转为合同？`,
                  )
                }
              >
                转合同
              </Button>
            )}
          </>
        )}
        {row.stage === 'contract' && (
          <>
            {may('edit') && (
              <Button
                size="sm"
                variant="text"
                onClick={() => setForm({ stage: 'contract', editing: row })}
              >
                修改
              </Button>
            )}
            {may('submit') && (
              <Button
                size="sm"
                variant="text"
                data-testid="submit-review"
                onClick={() =>
                  void run('已提交审批', () => gateway.submit('contract', row.contractId))
                }
              >
                提交评审
              </Button>
            )}
          </>
        )}
        {may('remove') && (
          <Button
            size="sm"
            variant="text"
            className="text-danger-600!"
            onClick={() =>
              void run(
                '删除成功',
                () => gateway.remove(row.stage, row.contractId),
                `是否确认删除“${row.contractName}”？`,
              )
            }
          >
            删除
          </Button>
        )}
      </RowActions>
    );
  };

  const columns: Column<ContractRecord>[] = [
    { key: 'contractNo', title: '合同编号', sortable: true },
    { key: 'projectName', title: '项目名称' },
    { key: 'contractName', title: '合同名称' },
    { key: 'entrustBusinessName', title: '委托单位' },
    { key: 'bizSourceName', title: '业务来源' },
    { key: 'stageName', title: '阶段' },
    { key: 'statusName', title: '审批状态' },
    ...(mode === 'stay'
      ? [
          {
            key: 'effective',
            title: '是否生效',
            render: (r: ContractRecord) => (r.effective === '1' ? '是' : '否'),
          },
        ]
      : []),
    { key: 'signDate', title: '签订日期', sortable: true },
    { ...amountColumn('totalAmount', '合同金额（万元）'), sortable: true },
    amountColumn('receiveAmount', '已收金额（万元）'),
    amountColumn('realAmount', '实际金额（万元）'),
    amountColumn('designFee', '设计费（万元）'),
    amountColumn('operateFee', '经营费（万元）'),
    { key: 'createByName', title: '创建人' },
    { key: 'actions', title: '操作', render: actions },
  ];

  const addStage: FormStage | null =
    mode === 'stay' ? 'stay' : mode === 'declare' ? 'declare' : 'contract';
  const addPerm =
    mode === 'stay'
      ? 'project:stay:add'
      : mode === 'declare'
        ? 'project:declare:add'
        : 'project:contract:add';
  const exportPerm = mode === 'declare' ? 'project:declare:export' : 'project:contract:export';
  // The menu's title for the list the menu opened; the mode select's own title once switched.
  const routeTitle = usePageTitle(TITLES[initialMode]);
  const title = mode === initialMode ? routeTitle : TITLES[mode];

  return (
    <PageCard
      title={title}
      actions={
        <>
          {(initialMode === 'contract' || initialMode === 'formal') && (
            <select
              className="input w-32"
              aria-label="合同阶段"
              value={mode}
              onChange={(e) => setMode(e.target.value as ContractListMode)}
            >
              <option value="formal">正式合同</option>
              <option value="contract">审批合同</option>
            </select>
          )}
          {addStage && (
            <HasPermi perms={[addPerm]}>
              <Button variant="primary" onClick={() => setForm({ stage: addStage })}>
                新增
              </Button>
            </HasPermi>
          )}
          {mode !== 'stay' && mode !== 'declare' && (
            <HasPermi perms={['project:contract:add']}>
              <Button onClick={() => setForm({ stage: 'formal' })}>补录历史合同</Button>
            </HasPermi>
          )}
          <HasPermi perms={[exportPerm]}>
            <Button
              data-testid="export"
              onClick={() => void downloadExport(exportUrl(mode, filterForExport))}
            >
              导出
            </Button>
          </HasPermi>
        </>
      }
    >
      <p className="mb-3 text-sm text-ink-soft" data-testid="contract-type">
        {unEffectiveOnly && mode === 'stay'
          ? '仅显示未生效的未签合同'
          : `合同类型：${TYPE_NAMES[storedType] ?? '全部'}`}
      </p>
      <SearchBar
        onSearch={() => {
          setApplied({ ...list.draft });
          list.search();
        }}
        onReset={() => {
          setApplied(EMPTY);
          list.reset();
        }}
      >
        <SearchField label="项目名称">
          <input
            className="input"
            value={d.projectName}
            onChange={(e) => setD('projectName')(e.target.value)}
          />
        </SearchField>
        <SearchField label="合同名称">
          <input
            className="input"
            value={d.contractName}
            onChange={(e) => setD('contractName')(e.target.value)}
          />
        </SearchField>
        <SearchField label="合同编号">
          <input
            className="input"
            value={d.contractNo}
            onChange={(e) => setD('contractNo')(e.target.value)}
          />
        </SearchField>
        <SearchField label="委托单位">
          <input
            className="input"
            value={d.entrustBusinessName}
            onChange={(e) => setD('entrustBusinessName')(e.target.value)}
          />
        </SearchField>
        <SearchField label="业务来源">
          <select
            className="input"
            value={d.bizSource}
            onChange={(e) => setD('bizSource')(e.target.value)}
          >
            <option value="">全部</option>
            {BIZ_SOURCE_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </SearchField>
        {mode !== 'formal' && mode !== 'stay' && (
          <SearchField label="审批状态">
            <select
              className="input"
              value={d.status}
              onChange={(e) => setD('status')(e.target.value)}
            >
              <option value="">全部</option>
              {STATUS_OPTIONS.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </SearchField>
        )}
        {mode === 'stay' && !unEffectiveOnly && (
          <SearchField label="是否生效">
            <select
              className="input"
              value={d.effective}
              onChange={(e) => setD('effective')(e.target.value)}
            >
              <option value="">全部</option>
              <option value="1">已生效</option>
              <option value="0">未生效</option>
            </select>
          </SearchField>
        )}
        <SearchField label="签订日期起">
          <DateInput
            className="input"
            value={d.signDateBegin}
            onChange={(e) => setD('signDateBegin')(e.target.value)}
          />
        </SearchField>
        <SearchField label="签订日期止">
          <DateInput
            className="input"
            value={d.signDateEnd}
            onChange={(e) => setD('signDateEnd')(e.target.value)}
          />
        </SearchField>
      </SearchBar>
      <DataTable
        {...list.table}
        testId={`contract-list-${mode}`}
        columns={columns}
        rowKey="contractId"
      />
      {form && (
        <ContractFormDialog
          stage={form.stage}
          editing={form.editing}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            reload();
          }}
        />
      )}
      {detailId !== null && (
        <ContractDetailDialog contractId={detailId} onClose={() => setDetailId(null)} />
      )}
    </PageCard>
  );
}
