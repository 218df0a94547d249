import { describe, expect, it } from 'vitest';
import {
  FindAnything,
  noticeScreenOf,
  searchReachOf,
  searchRouteOf,
  type SearchRepository,
  type SearchRow,
} from './search.js';

describe('searchReachOf', () => {
  it('finds each kind only with its list permission, contracts by stage', () => {
    expect(searchReachOf(['project:stay:list', 'project:designTask:list'])).toEqual({
      contractStages: ['stay'],
      lixiang: false,
      contractChild: false,
      task: true,
      approval: { todo: false, mine: false, all: false },
    });
    expect(searchReachOf(['project:contract:list']).contractStages).toEqual(['contract', 'formal']);
    expect(searchReachOf(['project:approvalMine:list']).approval).toEqual({
      todo: false,
      mine: true,
      all: false,
    });
    expect(searchReachOf(['project:approval:list']).approval).toEqual({
      todo: true,
      mine: false,
      all: false,
    });
    expect(searchReachOf(['project:approvalAll:list']).approval.all).toBe(true);
    expect(searchReachOf(['*:*:*'])).toMatchObject({
      contractStages: ['stay', 'declare', 'contract', 'formal'],
      approval: { todo: true, mine: true, all: true },
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

describe('searchRouteOf an approval', () => {
  const own: SearchRow = { kind: 'approval', id: 9, label: '用印', secondary: '', drafted: true };
  const theirs: SearchRow = { ...own, id: 8, drafted: false };
  const route = (row: SearchRow, ...perms: string[]) => searchRouteOf(row, searchReachOf(perms));

  it('opens 全部审批 for its holder, whoever drafted the approval', () => {
    expect(route(own, 'project:approvalAll:list', 'project:approvalMine:list')).toBe(
      '/approval/all?approvalId=9',
    );
    expect(route(theirs, 'project:approvalAll:list')).toBe('/approval/all?approvalId=8');
  });

  it('opens otherwise the list the caller holds that shows it, never 全部审批', () => {
    const both = ['project:approval:list', 'project:approvalMine:list'];
    expect(route(own, ...both)).toBe('/approval/mine?approvalId=9');
    expect(route(theirs, ...both)).toBe('/approval/todo?approvalId=8');
    expect(route(own, 'project:approvalMine:list')).toBe('/approval/mine?approvalId=9');
    expect(route(theirs, 'project:approval:list')).toBe('/approval/todo?approvalId=8');
    // An own approval the drafter acted on, found by 待我审批/我已审批 alone.
    expect(route(own, 'project:approval:list')).toBe('/approval/todo?approvalId=9');
  });
});

describe('noticeScreenOf', () => {
  const screen = (...perms: string[]) => noticeScreenOf(searchReachOf(perms).approval);

  it('opens a notice in 全部审批, else 待我审批, else 我发起的, as the caller holds them', () => {
    expect(screen('project:approvalAll:list', 'project:approval:list')).toBe('/approval/all');
    expect(screen('project:approval:list', 'project:approvalMine:list')).toBe('/approval/todo');
    expect(screen('project:approvalMine:list')).toBe('/approval/mine');
    expect(screen('*:*:*')).toBe('/approval/all');
  });

  it('offers no screen to someone without an approval list', () => {
    expect(screen('project:contract:list')).toBeUndefined();
  });
});
