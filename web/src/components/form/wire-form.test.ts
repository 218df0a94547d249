import { ApiError } from '@dpms/http-client';
import type { ResolverOptions, UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formPathOf, landProblems, landRefusal, wireResolver } from './wire-form';

interface Values {
  name: string;
  owner: string;
  lines: { amount: string }[];
}

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

const body = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => '名称不能为空' }),
  ownerId: z.number({ error: () => '请选择负责人' }),
  lines: z
    .array(z.object({ amount: z.string().regex(/^\d+$/, { error: () => '金额格式不正确' }) }))
    .refine((l) => l.length <= 2, { error: () => '最多两行' }),
});

const toBody = (v: Values) => ({
  name: v.name,
  ownerId: v.owner === '' ? undefined : Number(v.owner),
  lines: v.lines,
});

/** A setError that records where each message landed. */
function recorder() {
  const landed: Record<string, string> = {};
  const setError = ((path: string, e: { message?: string }) => {
    landed[path] = e.message ?? '';
  }) as unknown as UseFormSetError<Values>;
  return { landed, setError };
}

describe('wire form helper', () => {
  it('checks the body the call sends and names each problem by the form field it is typed in', async () => {
    const resolve = wireResolver<Values>(body, { bodyOf: toBody, alias: { ownerId: 'owner' } });
    const r = await resolve({ name: ' ', owner: '', lines: [{ amount: '1' }] }, undefined, options);
    expect(r.values).toEqual({});
    expect(r.errors['name']?.message).toBe('名称不能为空');
    expect(r.errors['owner']?.message).toBe('请选择负责人');
    expect(r.errors['ownerId' as 'owner']).toBeUndefined();
  });

  it('hands the form its own typed values when the body passes', async () => {
    const values = { name: '甲', owner: '7', lines: [{ amount: '12' }] };
    const r = await wireResolver<Values>(body, { bodyOf: toBody })(values, undefined, options);
    expect(r).toEqual({ values, errors: {} });
  });

  it('places nested problems by path, a list own problem on the path the alias gives it', async () => {
    const resolve = wireResolver<Values>(body, {
      bodyOf: toBody,
      alias: (path) =>
        path[0] === 'lines' ? (path[1] === undefined ? 'root' : `lines.${path[1]}.amount`) : null,
    });
    const r = await resolve(
      { name: '', owner: '', lines: [{ amount: 'x' }, { amount: '1' }, { amount: 'y' }] },
      undefined,
      options,
    );
    expect(r.errors['lines']?.[0]?.amount?.message).toBe('金额格式不正确');
    expect(r.errors['lines']?.[2]?.amount?.message).toBe('金额格式不正确');
    expect(r.errors['root']?.message).toBe('最多两行');
    // name and owner were given no place: only the placed problems stop the save.
    expect(r.errors['name']).toBeUndefined();
  });

  it('lands a 400 errors[] beside the fields the form shows, list paths read as form paths', () => {
    const { landed, setError } = recorder();
    const refusal = new ApiError('VALIDATION.FAILED', '名称不能为空', 400, false, 'name', [
      { field: 'name', message: '名称不能为空' },
      { field: 'lines[1].amount', message: '金额格式不正确' },
      { field: 'secret', message: '不显示的字段' },
    ]);
    expect(landRefusal(refusal, (p) => p !== 'secret', setError)).toBe(true);
    expect(landed).toEqual({ name: '名称不能为空', 'lines.1.amount': '金额格式不正确' });
    expect(formPathOf('lines[12].amount')).toBe('lines.12.amount');
  });

  it('a domain error naming its field lands too; one naming none is left to the caller', () => {
    const { landed, setError } = recorder();
    expect(landRefusal({ code: 'X.STALE', message: '数据已被修改' }, ['name'], setError)).toBe(
      false,
    );
    expect(
      landRefusal(
        { code: 'VALIDATION.REQUIRED', message: '请选择负责人', field: 'ownerId' },
        ['owner'],
        setError,
        { ownerId: 'owner' },
      ),
    ).toBe(true);
    expect(landed).toEqual({ owner: '请选择负责人' });
  });

  it('keeps the first problem of a field', () => {
    const { landed, setError } = recorder();
    landProblems(
      [
        { field: 'name', message: '第一' },
        { field: 'name', message: '第二' },
        { message: '无字段' },
      ],
      ['name'],
      setError,
    );
    expect(landed).toEqual({ name: '第一' });
  });
});
