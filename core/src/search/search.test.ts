import { describe, expect, it } from 'vitest';
import { FindAnything, searchReachOf, type SearchRepository } from './search.js';

describe('searchReachOf', () => {
  it('finds each kind only with its list permission, contracts by stage', () => {
    expect(searchReachOf(['project:stay:list', 'project:designTask:list'])).toEqual({
      contractStages: ['stay'],
      lixiang: false,
      contractChild: false,
      task: true,
      approval: 'none',
    });
    expect(searchReachOf(['project:contract:list']).contractStages).toEqual(['contract', 'formal']);
    expect(searchReachOf(['project:approvalMine:list']).approval).toBe('participant');
    expect(searchReachOf(['project:approvalAll:list']).approval).toBe('all');
    expect(searchReachOf(['*:*:*'])).toMatchObject({
      contractStages: ['stay', 'declare', 'contract', 'formal'],
      approval: 'all',
    });
  });
});

describe('FindAnything', () => {
  it('asks nothing of a caller who may see no list, and groups the rest with their screens', async () => {
    const asked: unknown[] = [];
    const repo: SearchRepository = {
      search: (...args) => {
        asked.push(args);
        return Promise.resolve([
          { kind: 'approval', id: 9, label: '合同审批', secondary: '张三' },
          { kind: 'contract', id: 3, label: '绿色建筑', secondary: 'HT-1', stage: 'stay' },
        ]);
      },
    };
    const find = new FindAnything(repo);
    const viewer = { userId: 1, scope: { kind: 'all' } as const };
    expect(await find.run('合同', [], viewer, 5)).toEqual([]);
    expect(asked).toHaveLength(0);
    const groups = await find.run('合同', ['*:*:*'], viewer, 5);
    expect(groups.map((g) => [g.title, g.hits.map((h) => h.route)])).toEqual([
      ['合同', ['/project/unSignList?contractId=3']],
      ['审批', ['/approval/all?approvalId=9']],
    ]);
  });
});
