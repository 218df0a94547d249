import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_REMARK_MAX_LENGTH } from './task.js';
import {
  REQUIRED_SEAL_FIELDS,
  REQUIRED_TASK_FIELDS,
  sealInputProblems,
  taskInputProblems,
  validateResultUpload,
  validateTaskInput,
  type TaskInput,
} from './task-validation.js';

const valid: TaskInput = {
  contractId: 1,
  taskName: ' 滨江科创园施工图 ',
  designStageId: '3',
  designUserId: 4,
  projectManagerId: 3,
  planFinishDate: '2026-12-01',
  taskAmount: '12.5',
  majorIds: [21, 22, 21],
};

describe('task sheet validation', () => {
  it('trims, defaults and deduplicates', () => {
    const r = validateTaskInput(valid);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({
      taskName: '滨江科创园施工图',
      qualityType: '0',
      majorIds: [21, 22],
      taskAmount: '12.5',
    });
  });

  it('accepts a remark of 5200 characters and refuses 5201, naming the field', () => {
    expect(validateTaskInput({ ...valid, remark: '备'.repeat(5200) }).ok).toBe(true);
    const r = validateTaskInput({ ...valid, remark: '备'.repeat(5201) });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({ field: 'remark', message: '备注不能超过5200个字符' });
  });

  it('refuses missing people, bad dates and amounts', () => {
    const cases: [TaskInput, string][] = [
      [{ ...valid, taskName: '  ' }, 'taskName'],
      [{ ...valid, designUserId: null }, 'designUserId'],
      [{ ...valid, projectManagerId: undefined }, 'projectManagerId'],
      [{ ...valid, planFinishDate: '2026-02-30' }, 'planFinishDate'],
      [{ ...valid, taskAmount: '-1' }, 'taskAmount'],
      [{ ...valid, taskAmount: '1.1234567' }, 'taskAmount'],
      [{ ...valid, qualityType: '2' }, 'qualityType'],
    ];
    for (const [input, field] of cases) {
      const r = validateTaskInput(input);
      expect(r.ok ? null : r.error.field, field).toBe(field);
    }
  });

  it('property: a remark passes exactly when it has at most 5200 characters after trimming', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 5300 }),
        fc.integer({ min: 5150, max: 5250 }),
        (s, n) => {
          const remark = ('字'.repeat(n) + s).slice(0, n + s.length);
          const r = validateTaskInput({ ...valid, remark });
          expect(r.ok).toBe([...remark.trim()].length <= TASK_REMARK_MAX_LENGTH);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('needs exactly one file and a name for a result upload', () => {
    expect(validateResultUpload({ fileName: '', fileIds: ['a'] })).toMatchObject({
      ok: false,
      error: { message: '请输入文件名称' },
    });
    expect(validateResultUpload({ fileName: '总图', fileIds: [] })).toMatchObject({
      ok: false,
      error: { message: '请上传附件' },
    });
    expect(validateResultUpload({ fileName: '总图', fileIds: ['a', 'b'] }).ok).toBe(false);
    expect(validateResultUpload({ fileName: ' 总图 ', fileIds: ['a'] })).toEqual({
      ok: true,
      value: { fileName: '总图', fileId: 'a' },
    });
  });

  it('reports every problem of a sheet at once, one per field, in "X不能为空" words', () => {
    const problems = taskInputProblems({ remark: '备'.repeat(5201), taskAmount: 'abc' });
    expect(problems.map((p) => p.field)).toEqual([
      'contractId',
      'taskName',
      'remark',
      'designStageId',
      'designUserId',
      'projectManagerId',
      'planFinishDate',
      'taskAmount',
    ]);
    expect(problems[0]?.message).toBe('所属合同不能为空');
    for (const field of REQUIRED_TASK_FIELDS)
      expect(taskInputProblems({ ...valid, [field]: undefined }).map((p) => p.field)).toEqual([
        field,
      ]);
  });

  it('property: the server refuses with the first problem the form shows, and saves only when there are none', () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          contractId: maybe(fc.integer({ min: 1, max: 9 })),
          taskName: maybe(fc.constantFrom('', '  ', '施工图', '名'.repeat(201))),
          taskNo: maybe(fc.constantFrom('', 'T-1', 'N'.repeat(65))),
          designStageId: maybe(fc.constantFrom('', '3')),
          qualityType: maybe(fc.constantFrom('', '0', '1', '2')),
          designUserId: maybe(fc.integer({ min: 1, max: 9 })),
          projectManagerId: maybe(fc.integer({ min: 1, max: 9 })),
          planFinishDate: maybe(fc.constantFrom('', '2026-12-01', '2026-02-30', '12/01/2026')),
          taskAmount: maybe(fc.constantFrom('', '0', '12.5', '-1', '1.1234567', 'abc')),
        }),
        (input: TaskInput) => {
          const problems = taskInputProblems(input);
          const r = validateTaskInput(input);
          expect(r.ok).toBe(problems.length === 0);
          if (!r.ok) expect(r.error).toEqual(problems[0]);
          expect(new Set(problems.map((p) => p.field)).size).toBe(problems.length);
        },
      ),
    );
  });
});

describe('sealInputProblems: the result seal request’s rules, every field at once', () => {
  it('names each blank required field in core’s words, all at once', () => {
    const problems = sealInputProblems({ drawContent: '  ', sealType: [' '], drawNum: 0 });
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['drawContent', '图纸内容不能为空'],
      ['sealType', '印章类型不能为空'],
      ['drawNum', '份数的取值不正确'],
    ]);
    // The task is the body's id, required by the schema; the rest are core's rule.
    expect(REQUIRED_SEAL_FIELDS).toEqual(['taskId', 'drawContent', 'sealType']);
  });

  it('names each stamped result once', () => {
    const fields = { drawContent: '一号楼施工图', sealType: ['1'] };
    expect(sealInputProblems({ ...fields, resultIds: [7, 8] })).toEqual([]);
    expect(sealInputProblems({ ...fields, resultIds: [7, 7] }).map((p) => p.field)).toEqual([
      'resultIds',
    ]);
  });

  it('accepts a request with its drawing, a seal type and the default count', () => {
    expect(
      sealInputProblems({ drawContent: '一号楼施工图', sealType: ['1', '4'], resultIds: [1] }),
    ).toEqual([]);
  });

  it('property: at most one problem per field, and none only for a request within every rule', () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          drawContent: maybe(fc.constantFrom('', ' ', '施工图', '图'.repeat(151))),
          drawNum: maybe(fc.integer({ min: -2, max: 10001 })),
          sealGoalContent: maybe(fc.constantFrom('', '报建', '章'.repeat(151))),
          sealType: maybe(fc.array(fc.constantFrom('', '1', '9', '10', 'x'), { maxLength: 3 })),
          sealTime: maybe(fc.constantFrom('', '2026-12-01', '2026-02-30')),
          sealCategory: maybe(fc.constantFrom('', '1', '123', 'a')),
          resultIds: maybe(fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 2 })),
        }),
        (input) => {
          const problems = sealInputProblems(input);
          expect(new Set(problems.map((p) => p.field)).size).toBe(problems.length);
          const types = (input.sealType ?? []).filter((s) => s.trim() !== '');
          const fine =
            (input.drawContent ?? '').trim() !== '' &&
            [...(input.drawContent ?? '')].length <= 150 &&
            types.length > 0 &&
            types.every((s) => /^[1-9]$/.test(s)) &&
            (input.drawNum ?? 1) >= 1 &&
            (input.drawNum ?? 1) <= 9999 &&
            [...(input.sealGoalContent ?? '')].length <= 150 &&
            (input.sealTime ?? '') !== '2026-02-30' &&
            /^(\d{1,2})?$/.test(input.sealCategory ?? '') &&
            new Set(input.resultIds ?? []).size === (input.resultIds ?? []).length;
          expect(problems.length === 0).toBe(fine);
        },
      ),
    );
  });
});
