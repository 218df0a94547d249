import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Page } from '@dpms/http-client';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import { DataTable, type Column } from './DataTable';
import { useListQuery } from './useListQuery';

interface Item {
  id: number;
  name: string;
}

type Asked = Record<string, unknown>;

const COLUMNS: Column<Item>[] = [{ key: 'name', title: '名称', sortable: true }];

function Items({ asked }: { asked: Asked[] }) {
  const list = useListQuery<Item, { name: string }>('items', { name: '' }, (q) => {
    asked.push(q);
    const rows = Array.from({ length: 20 }, (_, i) => ({
      id: q.pageNum * 100 + i,
      name: `第${q.pageNum}页${i}`,
    }));
    return Promise.resolve<Page<Item>>({ rows, total: 60 });
  });
  return <DataTable {...list.table} columns={COLUMNS} rowKey="id" />;
}

describe('useListQuery', () => {
  it('reloads from page 1 in the order a header asks, in RuoYi names', async () => {
    const asked: Asked[] = [];
    renderWithServices(<Items asked={asked} />);
    await screen.findByText('第1页0');
    expect(asked[0]).not.toHaveProperty('orderByColumn');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('第2页0');

    const header = screen.getByRole('columnheader', { name: '名称' });
    fireEvent.click(within(header).getByRole('button'));
    await screen.findByText('第1页0');
    expect(asked.at(-1)).toEqual({
      name: '',
      pageNum: 1,
      pageSize: 20,
      orderByColumn: 'name',
      isAsc: 'asc',
    });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ isAsc: 'desc', pageNum: 1 }));
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('orderByColumn'));
  });
});
