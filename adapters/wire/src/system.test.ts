import fc from 'fast-check';
import { SYSTEM_FIELD_LABELS, SYSTEM_TEXT_LIMITS } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import {
  configCreateBody,
  dateRangeParams,
  deptCreateBody,
  dictDataCreateBody,
  majorCreateBody,
  userCreateBody,
} from './index.js';

/** The first problem of each field, as a form shows it. */
const problems = (r: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('the system write bodies speak core words', () => {
  it('reports every blank required field at once, each as core words it', () => {
    expect(
      problems(userCreateBody.safeParse({ userName: '', nickName: ' ', password: '' })),
    ).toEqual({
      userName: '登录名称不能为空',
      nickName: '用户名称不能为空',
      password: '用户密码不能为空',
    });
    expect(problems(dictDataCreateBody.safeParse({}))).toEqual({
      dictType: '字典类型不能为空',
      dictLabel: '数据标签不能为空',
      dictValue: '数据键值不能为空',
    });
  });

  it("accepts text up to core's limit and refuses one character more, naming the field", () => {
    const cases = [
      [deptCreateBody, { parentId: 0 }, 'deptName'],
      [majorCreateBody, {}, 'majorName'],
      [configCreateBody, { configKey: 'a.b', configValue: '' }, 'configName'],
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.integer({ min: 1, max: 600 }),
        ([schema, base, f], n) => {
          const max = SYSTEM_TEXT_LIMITS[f];
          const r = schema.safeParse({ ...base, [f]: '字'.repeat(n) });
          if (n <= max) expect(r.success).toBe(true);
          else expect(problems(r)[f]).toBe(`${SYSTEM_FIELD_LABELS[f]}长度不能超过 ${max} 个字符`);
        },
      ),
    );
  });
});

describe('a list day filter travels as days', () => {
  it('keeps the days as sent and leaves the institute clock to the route', () => {
    const schema = dateRangeParams();
    expect(schema.parse({ beginTime: '2026-11-26', endTime: '' })).toEqual({
      beginTime: '2026-11-26',
    });
    expect(schema.parse({ beginTime: '', endTime: '' })).toBeUndefined();
    expect(schema.safeParse({ beginTime: 'yesterday' }).success).toBe(false);
  });
});
