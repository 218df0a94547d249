import type { Page } from '@dpms/http-client';
import { Button } from '../ui/Button';
import { DataTable, type Column } from './DataTable';
import { useListQuery, type ListQuery } from './useListQuery';

/** A list of people's one filter: the name typed in its box (each gateway names its own field). */
export type NameFilter = { name: string };

/**
 * A dialog's paged list of people (a notice's readers, a role's holders, the users to pick),
 * filtered by name through `PagedUserList`'s box.
 */
export function useUserList<Row>(
  key: string,
  load: (q: { name: string; pageNum: number; pageSize: number }) => Promise<Page<Row>>,
  firstPageSize?: number,
): ListQuery<Row, NameFilter> {
  return useListQuery<Row, NameFilter>(key, { name: '' }, load, { pageSize: firstPageSize });
}

/**
 * The table of a `useUserList`, paged, with a 用户名称 box above it unless `searchable` is false:
 * Enter or 搜索 searches from the first page, 重置 empties the box and searches again.
 */
export function PagedUserList<Row extends { userId: number }>({
  list,
  columns,
  searchable = true,
  testId,
}: {
  list: ListQuery<Row, NameFilter>;
  columns: Column<Row>[];
  searchable?: boolean;
  testId?: string;
}) {
  return (
    <>
      {searchable && (
        <form
          className="mb-2 flex items-center gap-2"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            list.search();
          }}
        >
          <input
            className="input"
            placeholder="请输入用户名称"
            aria-label="用户名称"
            value={list.draft.name}
            onChange={(e) => list.setDraft({ name: e.target.value })}
          />
          <Button variant="primary" type="submit">
            搜索
          </Button>
          <Button onClick={list.reset}>重置</Button>
        </form>
      )}
      <DataTable {...list.table} columns={columns} rowKey="userId" testId={testId} />
    </>
  );
}
