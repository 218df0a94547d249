import { describe, expect, it } from 'vitest';
import type { ApprovalDetailAnswer } from '../approval-engine.types.js';
import { historyRows, waitingNodeLine, waitingNodes } from './approval-history.js';

const names: Record<string, string> = { '1': '管理员', '8': '周会计', '11': '李经理' };
const nameOf = (id: string) => names[id] ?? id;

const entry = (
  over: Partial<ApprovalDetailAnswer['log'][number]>,
): ApprovalDetailAnswer['log'][number] => ({
  action: 'submit',
  actorId: '1',
  round: 1,
  version: 1,
  nodeId: null,
  nodeName: null,
  opinion: null,
  target: null,
  signUrl: null,
  createTime: '2026-11-25T14:47:58.712Z',
  ...over,
});

describe('waiting nodes', () => {
  it('name who holds each waiting node, by name', () => {
    const waiting = waitingNodes(
      {
        creatorSignUrl: null,
        approvalNodeList: [],
        unApprovalList: [
          { nodeId: 'fin', nodeName: '财务部', assignees: ['8', '11'] },
          { nodeId: 'gm', nodeName: '总经理', assignees: [] },
        ],
        currentNodeName: '财务部',
      },
      nameOf,
    );
    expect(waiting.map(waitingNodeLine)).toEqual(['财务部：周会计、李经理', '总经理']);
  });

  it('prefer the names the answer already carries', () => {
    const waiting = waitingNodes(
      {
        creatorSignUrl: null,
        approvalNodeList: [],
        unApprovalList: [
          { nodeId: 'fin', nodeName: '财务部', assignees: ['8'], assigneeNames: ['周'] },
        ],
        currentNodeName: '财务部',
      },
      nameOf,
    );
    expect(waiting[0]?.holderNames).toEqual(['周']);
  });
});

describe('the history', () => {
  it('keeps every round, names a copy or transfer target, on the institute clock', () => {
    const rows = historyRows(
      [
        entry({}),
        entry({ action: 'reject', actorId: '8', nodeName: '财务部', opinion: '补充材料' }),
        entry({ action: 'resubmit', round: 2, version: 3 }),
        entry({ action: 'cc', round: 2, actorId: '1', target: '11' }),
      ],
      nameOf,
      'Asia/Shanghai',
    );
    expect(rows.map((r) => r.round)).toEqual([1, 1, 2, 2]);
    expect(rows[1]).toMatchObject({ actorName: '周会计', action: '驳回', opinion: '补充材料' });
    expect(rows[3]?.action).toBe('抄送 → 李经理');
    expect(rows[0]?.time).toBe('2026-11-25 22:47');
  });
});
