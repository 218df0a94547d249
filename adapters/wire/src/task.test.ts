import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { REQUIRED_TASK_FIELDS, taskInputProblems } from '@dpms/core';
import { taskPayBody, taskSaveBody, taskSealBody, taskUpdateBody } from './task.js';
import { taskPage, taskRecord } from './task-records.js';

const fieldErrors = (r: z.ZodSafeParseResult<unknown>): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  if (r.success) return out;
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
};

const SHEET = {
  contractId: 1,
  taskName: '滨江科创园施工图',
  designStageId: '3',
  designUserId: 4,
  projectManagerId: 3,
  planFinishDate: '2026-12-01',
  taskAmount: '12.5',
};

describe('the task sheet save schemas', () => {
  it("report every field's problem at once in core's words", () => {
    const r = taskSaveBody.safeParse({
      taskName: '  ',
      remark: '备'.repeat(5201),
      planFinishDate: '2026-02-30',
      taskAmount: '-1',
      qualityType: '2',
    });
    expect(fieldErrors(r)).toEqual({
      contractId: ['所属合同不能为空'],
      taskName: ['任务名称不能为空'],
      remark: ['备注不能超过5200个字符'],
      designStageId: ['设计阶段不能为空'],
      qualityType: ['质量要求的取值不正确'],
      designUserId: ['设计主持不能为空'],
      projectManagerId: ['项目经理不能为空'],
      planFinishDate: ['计划完成日期格式应为yyyy-MM-dd'],
      taskAmount: ['任务产值应为不小于0的金额（万元，最多6位小数）'],
    });
  });

  it('name a field once: a value of the wrong type is refused by the shape, not again by core', () => {
    const r = taskSaveBody.safeParse({ ...SHEET, taskAmount: 12.5 });
    expect(Object.keys(fieldErrors(r))).toEqual(['taskAmount']);
    expect(fieldErrors(r)['taskAmount']).toHaveLength(1);
  });

  it('accept a sheet core accepts, from the blanks and nulls a form sends', () => {
    expect(
      taskSaveBody.safeParse({ ...SHEET, remark: null, taskNo: '', qualityType: '' }).success,
    ).toBe(true);
    expect(taskUpdateBody.safeParse({ ...SHEET, taskId: 5, version: 2 }).success).toBe(true);
    expect(Object.keys(fieldErrors(taskUpdateBody.safeParse(SHEET)))).toEqual(['taskId']);
  });

  it('property: the schema refuses exactly the fields core refuses, with core’s message', () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          contractId: maybe(fc.integer({ min: 1, max: 9 })),
          taskName: maybe(fc.constantFrom('', ' ', '施工图', '名'.repeat(201))),
          taskNo: maybe(fc.constantFrom('', 'T-1', 'N'.repeat(65))),
          designStageId: maybe(fc.constantFrom('', '3')),
          designUserId: maybe(fc.integer({ min: 1, max: 9 })),
          projectManagerId: maybe(fc.integer({ min: 1, max: 9 })),
          planFinishDate: maybe(fc.constantFrom('', '2026-12-01', '2026-02-30')),
          taskAmount: maybe(fc.constantFrom('', '0', '12.5', '-1', 'abc')),
        }),
        (sheet) => {
          const expected: Record<string, string[]> = {};
          for (const p of taskInputProblems(sheet)) expected[p.field ?? ''] = [p.message];
          expect(fieldErrors(taskSaveBody.safeParse(sheet))).toEqual(expected);
        },
      ),
    );
  });

  it('mark the required fields core refuses blanks for', () => {
    for (const field of REQUIRED_TASK_FIELDS) {
      const r = taskSaveBody.safeParse({ ...SHEET, [field]: undefined });
      expect(Object.keys(fieldErrors(r))).toEqual([field]);
    }
  });

  it("refuse a payment's amount in core's words", () => {
    expect(fieldErrors(taskPayBody.safeParse({ taskId: 1, payAmount: '1.1234567' }))).toEqual({
      payAmount: ['发放金额应为不小于0的金额（万元，最多6位小数）'],
    });
    expect(fieldErrors(taskPayBody.safeParse({ taskId: 1, payAmount: '' }))).toEqual({
      payAmount: ['发放金额不能为空'],
    });
  });
});

describe('the task answers', () => {
  const record = {
    ...SHEET,
    projectName: '滨江',
    contractName: '滨江合同',
    taskNo: 'T-1',
    subItemName: '',
    taskResultName: '',
    designStageName: '施工图',
    qualityType: '0',
    qualityTypeName: '无质量要求',
    designUserName: '设计主持',
    projectManagerName: '项目经理',
    remark: '',
    confirmFinishAmount: '0',
    majorList: [{ majorId: 21, majorName: '建筑' }],
    status: 0,
    statusName: '待设计主持确认',
    currentStep: 'designHost',
    history: false,
    finished: false,
    approvalStatus: -1,
    approvalStatusName: '待提交',
    approvalId: null,
    deptId: null,
    deptName: '',
    deptConfirmerId: null,
    userId: 3,
    createBy: 'xmjl',
    createByName: '李项目',
    version: 0,
    createTime: '2026-11-25T02:00:00.000Z',
    updateTime: '2026-11-25T02:00:00.000Z',
    taskId: 7,
  };

  it('read a task sheet as the API answers it', () => {
    expect(taskRecord.parse(record).taskId).toBe(7);
    expect(taskPage.safeParse({ code: 200, msg: 'ok', total: 1, rows: [record] }).success).toBe(
      true,
    );
  });

  it('refuse a row missing a field or with a step that does not exist', () => {
    const { taskNo: _drop, ...missing } = record;
    void _drop;
    expect(taskRecord.safeParse(missing).success).toBe(false);
    expect(taskRecord.safeParse({ ...record, currentStep: 'boss' }).success).toBe(false);
    expect(taskRecord.safeParse({ ...record, taskAmount: 12.5 }).success).toBe(false);
  });
});

describe('the result seal request body', () => {
  it("reports every field's problem at once in core's words, the task's blank included", () => {
    const r = taskSealBody.safeParse({ taskId: '', drawContent: ' ', sealType: [], drawNum: 0 });
    expect(fieldErrors(r)).toEqual({
      taskId: ['任务单不能为空'],
      drawContent: ['图纸内容不能为空'],
      sealType: ['印章类型不能为空'],
      drawNum: ['份数的取值不正确'],
    });
  });

  it('accepts what the form sends: the task, the drawing and its seal types', () => {
    const r = taskSealBody.safeParse({ taskId: 3, drawContent: '施工图', sealType: ['1', '4'] });
    expect(r.success).toBe(true);
  });
});
