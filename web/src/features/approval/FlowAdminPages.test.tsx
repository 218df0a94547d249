import { describe, expect, it } from 'vitest';
import { SELF_APPROVAL_OPTIONS, nodeBody } from './FlowAdminPages';

describe('the 节点配置 form', () => {
  it('offers the three separation-of-duties choices in the spec’s words', () => {
    expect(SELF_APPROVAL_OPTIONS).toEqual([
      { value: 'escalate', label: '上报上级' },
      { value: 'others', label: '改由其他人' },
      { value: 'skip', label: '跳过并记录原因' },
    ]);
  });

  it('sends the chosen handling, and none when left at the kind’s default', () => {
    const base = { nodeName: '部门负责人', actorKind: 'drafterDeptHead' };
    expect(nodeBody({ ...base, selfApproval: 'skip' }).selfApproval).toBe('skip');
    expect('selfApproval' in nodeBody({ ...base, selfApproval: '' })).toBe(false);
    expect('selfApproval' in nodeBody({ ...base, selfApproval: 'nobody' })).toBe(false);
  });
});
