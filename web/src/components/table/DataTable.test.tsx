import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render';
import { DataTable, type Column } from './DataTable';

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
});
