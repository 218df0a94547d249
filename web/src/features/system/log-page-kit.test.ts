import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDatedList, type DatedFilter } from './log-page-kit';

describe('useDatedList', () => {
  it('exports what the table last asked for, empties dropped, the range as params[…]', async () => {
    const asked: Record<string, unknown>[] = [];
    const load = (q: Record<string, unknown>) => {
      asked.push(q);
      return Promise.resolve({ rows: [], total: 0 });
    };
    const { result } = renderHook(() => useDatedList<never, DatedFilter & { title: string }>(load));
    expect(result.current.exportPath('/monitor/operlog/export')).toBe('/monitor/operlog/export');

    // CrudPage adds pageNum/pageSize to the string filter; the types cannot say so, hence the cast.
    const query = {
      title: '用户 管理',
      status: '',
      beginTime: '2026-11-01 00:00:00',
      endTime: '',
      pageNum: 2,
      pageSize: 10,
    } as unknown as Parameters<typeof result.current.list>[0];
    await result.current.list(query);
    expect(asked[0]).toMatchObject({ params: { beginTime: '2026-11-01 00:00:00', endTime: '' } });
    const url = new URL(result.current.exportPath('/monitor/operlog/export'), 'http://x');
    expect(url.pathname).toBe('/monitor/operlog/export');
    expect([...url.searchParams]).toEqual([
      ['title', '用户 管理'],
      ['params[beginTime]', '2026-11-01 00:00:00'],
    ]);
  });
});
