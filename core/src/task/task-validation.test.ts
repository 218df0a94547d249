import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_REMARK_MAX_LENGTH } from './task.js';
import { validateResultUpload, validateTaskInput, type TaskInput } from './task-validation.js';

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
});
