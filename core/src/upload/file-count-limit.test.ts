import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyFileLimit, isSingleFileField, isUnlimited } from './file-count-limit.js';

describe('applyFileLimit', () => {
  it('limit 1 is single: a new file replaces the old one', () => {
    expect(isSingleFileField(1)).toBe(true);
    expect(applyFileLimit(['old'], ['new'], 1)).toEqual({ ok: true, value: ['new'] });
  });

  it('limit 1 refuses two files at once', () => {
    const result = applyFileLimit([], ['a', 'b'], 1);
    expect(result.ok).toBe(false);
  });

  it('refuses going past the limit with the spec message and keeps nothing new', () => {
    const result = applyFileLimit(['a', 'b'], ['c'], 2);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'UPLOAD.FILE_COUNT_EXCEEDED',
        message: '文件数量超出限制，请先删除已上传文件再覆盖上传',
        field: 'fileList',
      },
    });
  });

  it('accepts up to the limit', () => {
    expect(applyFileLimit(['a'], ['b', 'c'], 3)).toEqual({ ok: true, value: ['a', 'b', 'c'] });
  });

  it('limit 0 and no limit are unlimited', () => {
    expect(isUnlimited(0)).toBe(true);
    expect(isUnlimited(undefined)).toBe(true);
    const many = Array.from({ length: 500 }, (_, i) => i);
    expect(applyFileLimit(many, many, 0).ok).toBe(true);
    expect(applyFileLimit(many, many, undefined).ok).toBe(true);
  });

  it('throws on a nonsense limit', () => {
    expect(() => applyFileLimit([], [1], -1)).toThrow(RangeError);
  });

  it('never holds more files than a positive limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer({ min: 1, max: 10 }),
        (current, added, limit) => {
          fc.pre(current.length <= limit);
          const result = applyFileLimit(current, added, limit);
          if (result.ok) expect(result.value.length).toBeLessThanOrEqual(limit);
          else expect(current.length + added.length).toBeGreaterThan(limit);
        },
      ),
    );
  });
});
