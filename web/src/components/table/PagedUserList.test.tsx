import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Page } from '@dpms/http-client';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import type { Column } from './DataTable';
import { PagedUserList, useUserList } from './PagedUserList';

interface Person {
  userId: number;
  nickName: string;
}

const PEOPLE: Person[] = [
  { userId: 1, nickName: '张三' },
  { userId: 2, nickName: '李四' },
];
const COLUMNS: Column<Person>[] = [{ key: 'nickName', title: '用户名称' }];

type Asked = { name: string; pageNum: number; pageSize: number };

function People({ asked, searchable }: { asked: Asked[]; searchable?: boolean }) {
  const list = useUserList<Person>(
    'people',
    (q) => {
      asked.push(q);
      const rows = PEOPLE.filter((p) => p.nickName.includes(q.name));
      return Promise.resolve<Page<Person>>({ rows, total: rows.length });
    },
    10,
  );
  return <PagedUserList list={list} columns={COLUMNS} searchable={searchable} />;
}

describe('PagedUserList', () => {
  it('asks for its first page at the size given, searches on Enter and 重置 empties the box', async () => {
    const asked: Asked[] = [];
    renderWithServices(<People asked={asked} />);
    await screen.findByText('李四');
    expect(asked[0]).toEqual({ name: '', pageNum: 1, pageSize: 10 });

    const box = screen.getByLabelText('用户名称');
    fireEvent.change(box, { target: { value: '张' } });
    fireEvent.submit(box);
    await waitFor(() => expect(screen.queryByText('李四')).toBeNull());
    expect(screen.getByText('张三')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ name: '张', pageNum: 1, pageSize: 10 });

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await screen.findByText('李四');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows no box where the list is not searched', async () => {
    renderWithServices(<People asked={[]} searchable={false} />);
    await screen.findByText('李四');
    expect(screen.queryByLabelText('用户名称')).toBeNull();
    expect(screen.queryByRole('button', { name: '搜索' })).toBeNull();
  });
});
