import type { Page, WriteOptions } from '@dpms/http-client';
import type { ReactNode } from 'react';
import { HasPermi } from '../auth/Access';
import { DataTable, type Column, type DataTableProps } from '../table/DataTable';
import { useListQuery } from '../table/useListQuery';
import { RowActions } from '../table/RowActions';
import { Button } from '../ui/Button';
import { PageCard, SearchBar, SearchField } from '../ui/Page';
import type { z } from 'zod';
import {
  FormDialog,
  type FormFieldDef,
  type FormSchema,
  type FormValues,
} from '../widgets/FormDialog';
import { useCrudDialog } from './useCrudDialog';
import { DateInput } from '../ui/DateInput';

/** A list page's filter: every value is what its search input holds. */
export type CrudFilter = Record<string, string>;

/**
 * What a CRUD page calls: a paged list, and the writes its form and delete button use. The write
 * bodies are typed `never` so each gateway keeps its own record type (Partial<SysConfig> ...):
 * the page sends what its form's `toBody` built for that gateway.
 */
export interface CrudGateway<Row, F extends CrudFilter> {
  list(query: F & { pageNum: number; pageSize: number }): Promise<Page<Row>>;
  /** Each write gets the user action's Idempotency-Key (kept across its retries). */
  add?(body: never, options?: WriteOptions): Promise<unknown>;
  update?(body: never, options?: WriteOptions): Promise<unknown>;
  remove?(id: number, options?: WriteOptions): Promise<unknown>;
}

/** One input of the search bar: a text box, a select with 全部, a date, or one the page draws. */
export type SearchDef<F extends CrudFilter> = {
  key: keyof F & string;
  label: string;
} & (
  | { type?: 'text'; placeholder?: string }
  | { type: 'select'; options: { value: string; label: string }[] }
  | { type: 'date' }
  | { type: 'custom'; render: (value: string, set: (value: string) => void) => ReactNode }
);

/** What the columns and row actions may use of the page: reload the list after a change. */
export interface CrudContext {
  refetch: () => void;
}

/** A CRUD page: what to list, how to search it, and (optionally) how to add, edit and delete. */
export interface CrudSpec<Row extends object, F extends CrudFilter> {
  title: ReactNode;
  /** The thing listed, for the dialog titles: 添加{noun} / 修改{noun}. */
  noun: string;
  queryKey: string;
  /** The list's server sort whitelist (core's `*_SORT_COLUMNS`): columns of those keys sort. */
  sortColumns?: readonly string[];
  gateway: CrudGateway<Row, F>;
  /** The search's start and reset; a function is read at mount and at each reset ("this year"). */
  filter: F | (() => F);
  search?: SearchDef<F>[];
  columns: Column<Row>[] | ((ctx: CrudContext) => Column<Row>[]);
  rowKey: keyof Row & string;
  /** The id of a row, for updates and deletes. */
  idOf?: (row: Row) => number;
  /** The add/edit dialog; without it the page is read-only. */
  form?: {
    /** The key the id travels under in an update (configId, majorId ...). */
    idKey: string;
    fields: FormFieldDef[] | ((mode: 'add' | 'edit') => FormFieldDef[]);
    defaults?: FormValues;
    toForm: (row: Row) => FormValues;
    /** The body sent from the form's trimmed values (numbers converted and such). */
    toBody?: (values: FormValues) => Record<string, unknown>;
    saved?: { add?: string; edit?: string };
    /**
     * The wire body schemas the server validates the add and the update with (@dpms/wire): the
     * form checks and marks exactly what they check, on the body it is about to send.
     */
    schemas?: { add?: z.ZodType; edit?: z.ZodType };
  };
  /** The delete button; `what` completes 是否确认删除{what}？ */
  remove?: { what: (row: Row) => string };
  /** Permission strings of the add, edit and delete buttons. */
  permissions?: { add?: string; edit?: string; remove?: string };
  /**
   * Whether a row's 修改 / 删除 is offered: the record's availability rule from core (its state,
   * the caller's permissions), the same the server refuses with. Without it, the permission alone.
   */
  offered?: { edit?: (row: Row) => boolean; remove?: (row: Row) => boolean };
  /** More buttons of a row, between 修改 and 删除. */
  rowActions?: (row: Row) => ReactNode;
  /** Buttons beside 新增; a function when they reload the list (清空). */
  headerActions?: ReactNode | ((ctx: CrudContext) => ReactNode);
  addDisabled?: boolean;
  table?: Partial<
    Pick<
      DataTableProps<Row>,
      'decimals' | 'testId' | 'columnsDialogOpen' | 'onColumnsDialogClose' | 'loading'
    >
  >;
  /** The page's own dialogs. */
  children?: ReactNode | ((ctx: CrudContext) => ReactNode);
}

/**
 * The key of a page's own row-buttons column, merged first into the 操作 column. Its render
 * gives the buttons as a fragment (no wrapping element): RowActions counts what is rendered.
 */
export const OWN_ACTIONS_KEY = 'ops';

const permitted = (perm: string | undefined, node: ReactNode) =>
  perm ? <HasPermi perms={[perm]}>{node}</HasPermi> : node;

/**
 * The admin screens' list page from one spec: the search bar, the paginated table with the 修改 /
 * 删除 actions behind their permissions, the add/edit form dialog and the delete confirm. Pages
 * give columns, fields and a gateway; what they add beyond that (dialogs, extra row buttons)
 * comes in through `rowActions`, `headerActions` and `children`.
 */
export function CrudPage<Row extends object, F extends CrudFilter>(spec: CrudSpec<Row, F>) {
  const { gateway, form, remove, permissions = {} } = spec;
  const list = useListQuery<Row, F>(
    spec.queryKey,
    spec.filter,
    (q) => gateway.list(q),
    spec.sortColumns ? { sortColumns: spec.sortColumns } : {},
  );
  const crud = useCrudDialog(list.refetch);
  const idOf = spec.idOf ?? ((row: Row) => Number((row as Record<string, unknown>)[spec.rowKey]));
  const given = typeof spec.columns === 'function' ? spec.columns(list) : spec.columns;
  // A page's own buttons column (`ops`: 详情, 送审 ...) joins the row actions in one 操作
  // column keyed `actions` (the one the table pins right), so a list never shows two columns
  // titled 操作. It comes first: it holds the row's main action.
  const ops = given.find((c) => c.key === OWN_ACTIONS_KEY);
  const hasActions = !!form || !!remove || !!spec.rowActions || !!ops;
  const base = ops ? given.filter((c) => c !== ops) : given;
  const columns: Column<Row>[] = hasActions
    ? [
        ...base,
        {
          key: 'actions',
          title: '操作',
          render: (row, index) => (
            <RowActions>
              {ops?.render?.(row, index)}
              {form &&
                (spec.offered?.edit?.(row) ?? true) &&
                permitted(
                  permissions.edit,
                  <Button
                    size="sm"
                    variant="text"
                    onClick={() => crud.openEdit(`修改${spec.noun}`, idOf(row), form.toForm(row))}
                  >
                    修改
                  </Button>,
                )}
              {spec.rowActions?.(row)}
              {remove &&
                gateway.remove &&
                (spec.offered?.remove?.(row) ?? true) &&
                permitted(
                  permissions.remove,
                  <Button
                    size="sm"
                    variant="text"
                    className="text-danger-600!"
                    onClick={() =>
                      void crud.remove(remove.what(row), async (idempotencyKey) => {
                        await gateway.remove!(idOf(row), { idempotencyKey });
                      })
                    }
                  >
                    删除
                  </Button>,
                )}
            </RowActions>
          ),
        },
      ]
    : base;
  const setFilterValue = (key: string, value: string) =>
    list.setDraft({ ...list.draft, [key]: value });
  const editing = crud.editing;
  return (
    <PageCard
      title={spec.title}
      actions={
        (form || spec.headerActions) && (
          <>
            {form &&
              permitted(
                permissions.add,
                <Button
                  variant="primary"
                  disabled={spec.addDisabled}
                  onClick={() => crud.openAdd(`添加${spec.noun}`, form.defaults ?? {})}
                >
                  新增
                </Button>,
              )}
            {typeof spec.headerActions === 'function'
              ? spec.headerActions(list)
              : spec.headerActions}
          </>
        )
      }
    >
      {spec.search && spec.search.length > 0 && (
        <SearchBar
          onSearch={list.search}
          onReset={list.reset}
          filled={spec.search.filter((s) => String(list.applied[s.key] ?? '') !== '').length}
        >
          {spec.search.map((s) => (
            <SearchField key={s.key} label={s.label}>
              {searchInput(s, String(list.draft[s.key] ?? ''), (v) => setFilterValue(s.key, v))}
            </SearchField>
          ))}
        </SearchBar>
      )}
      <DataTable
        {...list.table}
        columns={columns}
        rowKey={spec.rowKey}
        {...spec.table}
        loading={list.loading || !!spec.table?.loading}
      />
      {form && editing && (
        <FormDialog
          open
          title={editing.title}
          initial={editing.initial}
          onClose={crud.close}
          schema={formSchemaOf(form, editing.id)}
          fields={
            typeof form.fields === 'function'
              ? form.fields(editing.id === undefined ? 'add' : 'edit')
              : form.fields
          }
          onSubmit={async (values, idempotencyKey) => {
            const body = form.toBody ? form.toBody(values) : values;
            if (editing.id === undefined) await gateway.add?.(body as never, { idempotencyKey });
            else
              await gateway.update?.({ ...body, [form.idKey]: editing.id } as never, {
                idempotencyKey,
              });
            crud.saved(
              (editing.id === undefined ? form.saved?.add : form.saved?.edit) ?? '操作成功',
            );
          }}
        />
      )}
      {typeof spec.children === 'function' ? spec.children(list) : spec.children}
    </PageCard>
  );
}

/** The schema a save is checked with, on the body the save sends (the id added on an update). */
function formSchemaOf(
  form: Pick<NonNullable<CrudSpec<object, CrudFilter>['form']>, 'schemas' | 'toBody' | 'idKey'>,
  id: number | undefined,
): FormSchema | undefined {
  const schema = id === undefined ? form.schemas?.add : form.schemas?.edit;
  if (!schema) return undefined;
  return {
    schema,
    bodyOf: (values) => {
      const body = form.toBody ? form.toBody(values) : values;
      return id === undefined ? body : { ...body, [form.idKey]: id };
    },
  };
}

function searchInput<F extends CrudFilter>(
  s: SearchDef<F>,
  value: string,
  set: (value: string) => void,
): ReactNode {
  switch (s.type) {
    case 'select':
      return (
        <select className="input" value={value} onChange={(e) => set(e.target.value)}>
          <option value="">全部</option>
          {s.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'date':
      return <DateInput className="input" value={value} onChange={(e) => set(e.target.value)} />;
    case 'custom':
      return s.render(value, set);
    default:
      return (
        <input
          className="input"
          value={value}
          onChange={(e) => set(e.target.value)}
          placeholder={s.placeholder ?? `请输入${s.label}`}
        />
      );
  }
}
