import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onPhone } from '../../test/media';
import { renderWithServices } from '../../test/render';
import { DataTable, type Column, type ListSort } from './DataTable';

interface Row {
  id: number;
  name: string;
  amount: string;
}

const COLUMNS: Column<Row>[] = [
  { key: 'name', title: '名称' },
  { key: 'amount', title: '金额', align: 'right', sum: true },
];

const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `项目${from + i}`, amount: '1.5' }));

describe('DataTable', () => {
  it('numbers rows across pages in the index column', () => {
    renderWithServices(
      <DataTable
        columns={COLUMNS}
        rows={rows(3, 21)}
        rowKey="id"
        pageNum={2}
        pageSize={20}
        total={23}
        onPageChange={() => undefined}
      />,
    );
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[0]!.textContent).toBe('21');
    expect(screen.getByText('共 23 条')).toBeTruthy();
  });

  it('offers the page sizes 20, 50, 100, 300, 500 and 1000', () => {
    const onPage = vi.fn();
    renderWithServices(
      <DataTable
        columns={COLUMNS}
        rows={rows(2)}
        rowKey="id"
        pageNum={1}
        pageSize={20}
        total={2}
        onPageChange={onPage}
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('每页条数');
    expect([...select.options].map((o) => o.value)).toEqual([
      '20',
      '50',
      '100',
      '300',
      '500',
      '1000',
    ]);
    fireEvent.change(select, { target: { value: '1000' } });
    expect(onPage).toHaveBeenCalledWith(1, 1000);
  });

  it('sums a column once per record in the 合计 row', () => {
    const data = [...rows(2), { id: 1, name: '项目1（重复）', amount: '1.5' }];
    renderWithServices(<DataTable columns={COLUMNS} rows={data} rowKey="id" />);
    const sums = within(screen.getByTestId('sum-row'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(sums).toEqual(['合计', '', '3.000000']);
  });

  it('shows an amount column and its 合计 alike: grouped, four decimals at most, right-aligned', () => {
    const columns: Column<Row>[] = [
      { key: 'name', title: '名称' },
      { key: 'amount', title: '金额（万元）', amount: true, sum: true },
    ];
    const data = [
      { id: 1, name: '甲', amount: '1262.300000' },
      { id: 2, name: '乙', amount: '1000.123456' },
    ];
    renderWithServices(<DataTable columns={columns} rows={data} rowKey="id" />);
    const cells = screen.getAllByRole('row')[1]!.querySelectorAll('td');
    expect(cells[2]!.textContent).toBe('1,262.3');
    expect(cells[2]!.className).toContain('text-right');
    expect(screen.getByRole('columnheader', { name: '金额（万元）' }).className).toContain(
      'text-right',
    );
    const sums = within(screen.getByTestId('sum-row')).getAllByRole('cell');
    expect(sums[2]!.textContent).toBe('2,262.4235');
  });

  it('says 暂无数据 without rows', () => {
    renderWithServices(<DataTable columns={COLUMNS} rows={[]} rowKey="id" />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows why a load failed instead of 暂无数据', () => {
    renderWithServices(
      <DataTable
        columns={COLUMNS}
        rows={[]}
        rowKey="id"
        error={{ code: 'HTTP.403', message: '当前操作没有权限' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('当前操作没有权限');
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('tells the user more as the load lasts 5, 10 and 20 s', () => {
    const { clock } = renderWithServices(
      <DataTable columns={COLUMNS} rows={[]} rowKey="id" loading />,
    );
    const status = () => screen.getByTestId('table-loading').textContent;
    expect(status()).toBe('加载中');
    act(() => clock.advance(5000));
    expect(status()).toBe('数据准备中，请稍候');
    act(() => clock.advance(5000));
    expect(status()).toBe('网络较慢，请耐心等待');
    act(() => clock.advance(10000));
    expect(status()).toBe('网络拥堵，请耐心等待');
  });

  it('renders only a window of a 1000-row page', () => {
    const { container } = renderWithServices(
      <DataTable
        columns={COLUMNS}
        rows={rows(1000)}
        rowKey="id"
        pageNum={1}
        pageSize={1000}
        total={1000}
        onPageChange={() => undefined}
      />,
    );
    expect(container.querySelectorAll('tr[data-row]').length).toBeLessThan(100);
    expect(within(screen.getByTestId('sum-row')).getAllByRole('cell')[2]!.textContent).toBe(
      '1500.000000',
    );
  });

  it('hides a column through the column dialog', () => {
    renderWithServices(
      <DataTable
        columns={COLUMNS}
        rows={rows(1)}
        rowKey="id"
        columnsDialogOpen
        onColumnsDialogClose={() => undefined}
      />,
    );
    const dialog = screen.getByTestId('column-dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '金额' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(screen.queryByRole('columnheader', { name: '金额', hidden: true })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '名称', hidden: true })).toBeTruthy();
  });

  it('cycles a sortable header through 升序, 降序 and none, and tells the list', () => {
    const onSort = vi.fn<(sort: ListSort | undefined) => void>();
    const columns: Column<Row>[] = [
      { key: 'name', title: '名称', sortable: true },
      { key: 'amount', title: '金额' },
    ];
    renderWithServices(
      <DataTable columns={columns} rows={rows(2)} rowKey="id" onSortChange={onSort} />,
    );
    const header = screen.getByRole('columnheader', { name: '名称' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ orderByColumn: 'name', isAsc: 'asc' });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(header.textContent).toContain('↑');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ orderByColumn: 'name', isAsc: 'desc' });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith(undefined);
    expect(header.getAttribute('aria-sort')).toBe('none');
    // A column the server does not sort has no button and no aria-sort.
    const amount = screen.getByRole('columnheader', { name: '金额' });
    expect(within(amount).queryByRole('button')).toBeNull();
    expect(amount.getAttribute('aria-sort')).toBeNull();
  });

  it("sorts the columns named by the list's server whitelist", () => {
    const onSort = vi.fn<(sort: ListSort | undefined) => void>();
    renderWithServices(
      <DataTable
        columns={[
          { key: 'name', title: '名称' },
          { key: 'amount', title: '金额' },
        ]}
        rows={rows(2)}
        rowKey="id"
        sortColumns={['amount', 'createTime']}
        onSortChange={onSort}
      />,
    );
    const amount = screen.getByRole('columnheader', { name: '金额' });
    fireEvent.click(within(amount).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ orderByColumn: 'amount', isAsc: 'asc' });
    expect(
      within(screen.getByRole('columnheader', { name: '名称' })).queryByRole('button'),
    ).toBeNull();
  });

  it('shows the order the list was given', () => {
    renderWithServices(
      <DataTable
        columns={[{ key: 'name', title: '名称', sortable: true }]}
        rows={rows(1)}
        rowKey="id"
        sort={{ orderByColumn: 'name', isAsc: 'desc' }}
        onSortChange={() => undefined}
      />,
    );
    expect(screen.getByRole('columnheader', { name: '名称' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('pins the 操作 column, header and cells, to the right edge', () => {
    const columns: Column<Row>[] = [
      { key: 'actions', title: '操作', render: () => <button type="button">修改</button> },
      ...COLUMNS,
    ];
    renderWithServices(<DataTable columns={columns} rows={rows(1)} rowKey="id" />);
    const header = screen.getByRole('columnheader', { name: '操作' });
    expect(header.className).toMatch(/\bsticky\b/);
    expect(header.className).toContain('right-0');
    // Pinned right, it is drawn last whatever its place among the columns.
    expect(screen.getAllByRole('columnheader').at(-1)).toBe(header);
    const cell = screen.getByRole('button', { name: '修改' }).closest('td')!;
    expect(cell.className).toMatch(/\bsticky\b/);
    expect(cell.className).toContain('right-0');
    expect(screen.getByRole('cell', { name: '项目1' }).className).not.toMatch(/\bsticky\b/);
  });

  it('keeps each cell to one line, cutting long text with its whole in a tooltip', () => {
    const long = '一个很长很长的项目名称'.repeat(10);
    renderWithServices(
      <DataTable
        columns={[{ key: 'name', title: '名称', maxWidth: 120 }]}
        rows={[{ id: 1, name: long, amount: '1' }]}
        rowKey="id"
      />,
    );
    const text = screen.getByTitle(long);
    expect(text.className).toContain('truncate');
    expect(text.style.maxWidth).toBe('120px');
    expect(text.closest('td')!.className).toContain('whitespace-nowrap');
  });

  it('shows rows as cards on a phone, the buttons at the foot and 合计 as a last card', () => {
    onPhone();
    const columns: Column<Row>[] = [
      ...COLUMNS,
      { key: 'actions', title: '操作', render: (r) => <button type="button">详情{r.id}</button> },
    ];
    const { container } = renderWithServices(
      <DataTable columns={columns} rows={rows(2)} rowKey="id" />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = container.querySelectorAll('li[data-row]');
    expect(cards.length).toBe(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('名称').nextElementSibling!.textContent).toBe('项目1');
    const amount = within(first).getByText('金额').nextElementSibling!;
    expect(amount.textContent).toBe('1.5');
    expect(amount.className).toContain('text-right');
    expect(first.lastElementChild!.textContent).toBe('详情1');
    expect(within(first).queryByText('操作')).toBeNull();
    const sum = screen.getByTestId('sum-row');
    expect(sum.textContent).toContain('合计');
    expect(within(sum).getByText('金额').nextElementSibling!.textContent).toBe('3.000000');
  });
});
