import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVAL_SIGN_MAX_LENGTH, approvalOpinionProblem } from '@dpms/core';
import { approvalOutcomeAnswer, approvalPage } from './approval-answers.js';
import {
  approvalCreateBody,
  approvalOpinion,
  approvalProcessBody,
  nodeAddBody,
} from './approval.js';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('the approval opinion on the wire is core’s rule', () => {
  it('takes 20 characters and refuses 21 with core’s message, naming opinion', () => {
    const body = { approvalId: '7', action: 'approve', version: 1 };
    const twenty = '同'.repeat(APPROVAL_SIGN_MAX_LENGTH);
    expect(approvalProcessBody.safeParse({ ...body, opinion: twenty }).success).toBe(true);
    const r = approvalProcessBody.safeParse({ ...body, opinion: `${twenty}意` });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['opinion'], message: '审批意见不能超过20个字' }),
    ]);
  });

  it('agrees with core on every opinion', () => {
    const char = fc.constantFrom('同', 'a', ' ', '𠮷', '\t');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const opinion = chars.join('');
        expect(approvalOpinion.safeParse(opinion).success).toBe(
          approvalOpinionProblem(opinion) === undefined,
        );
      }),
    );
  });
});

describe('the approval calls’ schemas', () => {
  it('read the spec’s serviceId as the approval id and refuse a non-numeric one in core’s words', () => {
    const ok = approvalProcessBody.safeParse({ serviceId: 12, action: 'urge', version: '3' });
    expect(ok.data).toMatchObject({ approvalId: '12', version: 3 });
    const bad = approvalProcessBody.safeParse({ serviceId: 'x', action: 'urge', version: 3 });
    expect(messagesOf(bad)).toEqual(['审批编号无效']);
  });

  it('refuses a separation-of-duties choice outside core’s list, naming the choices', () => {
    const r = nodeAddBody.safeParse({
      flowId: 1,
      nodeName: '部门负责人',
      actorKind: 'drafterDeptHead',
      selfApproval: 'nobody',
    });
    expect(messagesOf(r)[0]).toMatch(/^拟稿人为审批人时只能选择/);
  });

  it('parse an answer the API builds and refuse one with a wrong-typed field', () => {
    const outcome = { approvalId: '7', status: 0, version: 2, currentNodeName: '经营部' };
    expect(approvalOutcomeAnswer.parse({ code: 200, msg: '操作成功', data: outcome })).toEqual({
      code: 200,
      msg: '操作成功',
      data: outcome,
    });
    const wrong = approvalOutcomeAnswer.safeParse({
      code: 200,
      msg: '操作成功',
      data: { ...outcome, version: '2' },
    });
    expect(wrong.error?.issues[0]?.path).toEqual(['data', 'version']);
    expect(approvalPage.safeParse({ code: 200, msg: '', total: 1, rows: [{}] }).success).toBe(
      false,
    );
  });
});

describe('a form tied to its record names it on the wire (core’s table)', () => {
  it('refuses a linked form without its record in core’s words, and leaves free forms free', () => {
    const unlinked = approvalCreateBody.safeParse({ typeCode: '23_1', content: {} });
    expect(unlinked.error?.issues).toEqual([
      expect.objectContaining({ path: ['recordId'], message: '请选择关联合同' }),
    ]);
    const archive = approvalCreateBody.safeParse({
      typeCode: '27_1',
      recordKind: 'archive',
      content: {},
    });
    expect(archive.error?.issues[0]?.message).toBe('请选择关联档案');
    const picked = { typeCode: '23_1', recordKind: 'contract', recordId: '41', content: {} };
    expect(approvalCreateBody.safeParse(picked).success).toBe(true);
    expect(approvalCreateBody.safeParse({ typeCode: '22_1', content: {} }).success).toBe(true);
  });
});
