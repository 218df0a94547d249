import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLOW_TEXT_LIMITS,
  flowInputProblems,
  flowNodeInputProblems,
  requiredNodeFields,
} from './flow-admin-input.js';

const fieldsOf = (problems: readonly { field?: string | undefined }[]) =>
  problems.map((p) => p.field);

describe('a flow as entered', () => {
  it('names every problem at once, in core’s words', () => {
    const problems = flowInputProblems({ typeCode: '', flowName: ' ', remark: 'x'.repeat(501) });
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['typeCode', '审批类型不能为空'],
      ['flowName', '流程名称不能为空'],
      ['remark', '备注不能超过500个字'],
    ]);
  });

  it('refuses a type the catalogue does not know', () => {
    expect(fieldsOf(flowInputProblems({ typeCode: '99_9', flowName: '流程' }))).toEqual([
      'typeCode',
    ]);
    expect(flowInputProblems({ typeCode: '1_1', flowName: '合同评审' })).toEqual([]);
  });

  it('checks only what an update carries', () => {
    expect(flowInputProblems({ remark: '' }, { patch: true })).toEqual([]);
    expect(fieldsOf(flowInputProblems({ flowName: '' }, { patch: true }))).toEqual(['flowName']);
  });
});

describe('a flow node as entered', () => {
  it('needs the actor its kind names', () => {
    expect(
      flowNodeInputProblems({ nodeName: '', actorKind: 'role', roleKey: ' ' }).map((p) => [
        p.field,
        p.message,
      ]),
    ).toEqual([
      ['nodeName', '节点名称不能为空'],
      ['roleKey', '审批角色不能为空'],
    ]);
    expect(fieldsOf(flowNodeInputProblems({ nodeName: 'a', actorKind: 'users' }))).toEqual([
      'userIds',
    ]);
    expect(fieldsOf(flowNodeInputProblems({ nodeName: 'a', actorKind: 'formPerson' }))).toEqual([
      'formField',
    ]);
    expect(flowNodeInputProblems({ nodeName: '部门负责人', actorKind: 'drafterDeptHead' })).toEqual(
      [],
    );
  });

  it('marks as required exactly what it refuses blank, for every actor kind', () => {
    const kinds = ['role', 'users', 'drafterDeptHead', 'formPerson'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.string({ maxLength: FLOW_TEXT_LIMITS.nodeName }),
        (actorKind, nodeName) => {
          // Everything blank: the refused fields are the required ones (the name only if blank).
          const refused = fieldsOf(
            flowNodeInputProblems({ nodeName, actorKind, roleKey: '', formField: '', userIds: [] }),
          );
          const required = requiredNodeFields(actorKind).filter(
            (f) => f !== 'actorKind' && (f !== 'nodeName' || nodeName.trim() === ''),
          );
          expect(refused).toEqual(required);
        },
      ),
    );
  });

  it('reports at most one problem per field', () => {
    fc.assert(
      fc.property(
        fc.record({
          nodeName: fc.oneof(fc.string({ maxLength: 60 }), fc.constant(undefined)),
          actorKind: fc.oneof(fc.constantFrom('role', 'users', 'x', ''), fc.constant(undefined)),
          roleKey: fc.oneof(fc.string({ maxLength: 110 }), fc.constant(null)),
          formField: fc.oneof(fc.string({ maxLength: 110 }), fc.constant(null)),
          userIds: fc.array(fc.string(), { maxLength: 2 }),
        }),
        (input) => {
          const fields = fieldsOf(flowNodeInputProblems(input));
          expect(new Set(fields).size).toBe(fields.length);
        },
      ),
    );
  });
});
