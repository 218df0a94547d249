import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_PAGE_SIZES, PAGE_SIZES, pagingShape } from './paging.js';

const query = z.object(pagingShape(['createTime']));

describe('page sizes', () => {
  it('accepts RuoYi’s pager (10/20/30/50) besides ours', () => {
    for (const size of [10, 20, 30, 50, ...PAGE_SIZES])
      expect(query.parse({ pageSize: String(size) }).pageSize).toBe(size);
    expect(ACCEPTED_PAGE_SIZES).toEqual([10, 20, 30, 50, 100, 300, 500, 1000]);
  });

  it('keeps 20 as the default and refuses other sizes, naming the accepted ones', () => {
    expect(query.parse({}).pageSize).toBe(20);
    const r = query.safeParse({ pageSize: '7' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      '参数 pageSize 必须是 10、20、30、50、100、300、500、1000 之一',
    );
  });
});
