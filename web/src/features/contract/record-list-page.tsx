/**
 * The list page of a record that is drafted, submitted for approval and then read: 项目立项 and
 * 分包合同. One spec gives its search, columns, the row's 详情 / 修改 / 提交审批 / 删除 (offered by
 * core's availability rule), the 新增 and 导出 buttons and the page's add/edit and detail dialogs.
 */
import { type ContractGateway, type Page, type PageQuery } from '@dpms/http-client';
import { useMemo, useState, type ReactNode } from 'react';
import { useAskedRecord } from '../../app/use-asked-record';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import {
  CrudPage,
  OWN_ACTIONS_KEY,
  type CrudFilter,
  type SearchDef,
} from '../../components/crud/CrudPage';
import { type Column } from '../../components/table/DataTable';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { useRowAction, useSearchedGateway, textButton } from './sub-record-page-kit';

/** A row action that asks first: what it calls and the question of its confirm. */
interface AskedAction<Row> {
  call: (contracts: ContractGateway, row: Row) => Promise<unknown>;
  ask: (row: Row) => string;
}

export interface RecordListSpec<Row extends object, F extends CrudFilter> {
  title: string;
  noun: string;
  queryKey: string;
  /** The list's server sort whitelist (core's `*_SORT_COLUMNS`). */
  sortColumns?: readonly string[];
  rowKey: keyof Row & string;
  testId: string;
  idOf: (row: Row) => number;
  filter: F;
  search: SearchDef<F>[];
  /** The page's list call; a module-level function, so the list's gateway stays the same. */
  load: (contracts: ContractGateway, q: PageQuery) => Promise<Page<Row>>;
  /** The columns before 操作. */
  columns: Column<Row>[];
  /** 修改 and 提交审批 are offered while this holds (core's `may('edit', ..)`). */
  editable: (row: Row) => boolean;
  editTestId: string;
  submit: AskedAction<Row>;
  /** Further row actions after 提交审批 (项目立项's 变更 of a formal filing). */
  more?: (row: Row, refetch: () => void) => ReactNode;
  /** 删除, offered while `may` holds (core's `may('remove', ..)`). */
  remove?: AskedAction<Row> & { may: (row: Row) => boolean };
  add: { perm: string; testId: string };
  /** The export buttons; `searched` ones send the list's last searched filters. */
  exports: { perm: string; buttons: { label: string; path: string; searched?: boolean }[] };
  form: (props: { editing?: Row; onClose: () => void; onSaved: () => void }) => ReactNode;
  detail: (props: { id: number; onClose: () => void; onChanged: () => void }) => ReactNode;
  /** The query parameter that opens a record's detail (`?lxId=`, from 全局搜索). */
  askedBy?: string;
}

export function RecordListPage<Row extends object, F extends CrudFilter>(
  spec: RecordListSpec<Row, F>,
) {
  const contracts = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const { load } = spec;
  const loader = useMemo(() => (q: PageQuery) => load(contracts, q), [contracts, load]);
  const { gateway, exportUrl } = useSearchedGateway<Row, F>(loader);
  const [form, setForm] = useState<{ editing?: Row } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  useAskedRecord(spec.askedBy ?? '', setOpen);
  const rowActions = (refetch: () => void) => (r: Row) => (
    <>
      {textButton('详情', () => setOpen(spec.idOf(r)))}
      {spec.editable(r) && (
        <>
          {textButton('修改', () => setForm({ editing: r }), spec.editTestId)}
          {textButton(
            '提交审批',
            () =>
              void run(
                '已提交审批',
                () => spec.submit.call(contracts, r),
                refetch,
                spec.submit.ask(r),
              ),
          )}
        </>
      )}
      {spec.more?.(r, refetch)}
      {spec.remove?.may(r) &&
        textButton(
          '删除',
          () =>
            void run(
              '删除成功',
              () => spec.remove!.call(contracts, r),
              refetch,
              spec.remove!.ask(r),
            ),
        )}
    </>
  );
  return (
    <CrudPage<Row, F>
      title={spec.title}
      noun={spec.noun}
      queryKey={spec.queryKey}
      {...(spec.sortColumns ? { sortColumns: spec.sortColumns } : {})}
      gateway={gateway}
      filter={spec.filter}
      rowKey={spec.rowKey}
      table={{ testId: spec.testId }}
      search={spec.search}
      columns={(ctx) => [
        ...spec.columns,
        { key: OWN_ACTIONS_KEY, title: '操作', render: rowActions(ctx.refetch) },
      ]}
      headerActions={
        <>
          <HasPermi perms={[spec.add.perm]}>
            <Button variant="primary" data-testid={spec.add.testId} onClick={() => setForm({})}>
              新增
            </Button>
          </HasPermi>
          <HasPermi perms={[spec.exports.perm]}>
            {spec.exports.buttons.map((b) => (
              <Button
                key={b.path}
                onClick={() => void downloadExport(b.searched ? exportUrl(b.path) : b.path)}
              >
                {b.label}
              </Button>
            ))}
          </HasPermi>
        </>
      }
    >
      {(ctx) => (
        <>
          {form &&
            spec.form({
              editing: form.editing,
              onClose: () => setForm(null),
              onSaved: () => {
                setForm(null);
                ctx.refetch();
              },
            })}
          {open !== null &&
            spec.detail({ id: open, onClose: () => setOpen(null), onChanged: ctx.refetch })}
        </>
      )}
    </CrudPage>
  );
}
