import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cutText,
  wellFormedText,
  BUSINESS_TYPE,
  businessTypeOf,
  logText,
  loginLocationOf,
  maskSecrets,
} from './system-log.js';
import { userAgentNames } from './user-agent.js';

describe('businessTypeOf', () => {
  it.each([
    ['POST', '/system/user', BUSINESS_TYPE.insert],
    ['PUT', '/system/user', BUSINESS_TYPE.update],
    ['DELETE', '/system/user/:userIds', BUSINESS_TYPE.delete],
    ['DELETE', '/monitor/operlog/clean', BUSINESS_TYPE.clean],
    ['POST', '/system/user/export', BUSINESS_TYPE.export],
    ['POST', '/system/user/importData', BUSINESS_TYPE.import],
    ['PUT', '/system/user/authRole', BUSINESS_TYPE.grant],
    ['DELETE', '/monitor/online/:tokenId', BUSINESS_TYPE.force],
    ['GET', '/system/major/deleteById', BUSINESS_TYPE.delete],
  ])('%s %s', (method, path, type) => expect(businessTypeOf(method, path)).toBe(type));
});

describe('maskSecrets', () => {
  it('masks every password and token field at any depth and keeps the rest', () => {
    const body = {
      userName: 'li',
      password: 'p1',
      nested: { oldPassword: 'a', newPassword: 'b', list: [{ token: 't' }] },
      code: 200,
    };
    expect(maskSecrets(body)).toEqual({
      userName: 'li',
      password: '******',
      nested: { oldPassword: '******', newPassword: '******', list: [{ token: '******' }] },
      code: 200,
    });
    expect(logText(body)).not.toMatch(/p1|"a"|"b"|"t"/);
  });

  it('logs the text of the masked copy, any JSON value, secrets at any depth', () => {
    const secretKey = fc.constantFrom('password', 'oldPassword', 'token', 'clientSecret', 'pwd');
    const key = fc.oneof(fc.string({ maxLength: 8 }), secretKey);
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const copy = maskSecrets(value);
        const text = typeof copy === 'string' ? copy : JSON.stringify(copy);
        expect(logText(value)).toBe(value === null ? '' : cutText(text, 2000, '…'));
      }),
    );
  });

  it('logs a body nested past the stack as its bounded copy', () => {
    let deep: unknown = { password: 'p1' };
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    const text = logText(deep);
    expect(text).toContain('"…"');
    expect(text).not.toContain('p1');
  });

  it('cuts long text to the column', () => {
    expect(logText('x'.repeat(5000), 2000)).toHaveLength(2000);
  });
});

describe('loginLocationOf / userAgentNames', () => {
  it('names private addresses 内网IP', () => {
    expect(loginLocationOf('::ffff:127.0.0.1')).toBe('内网IP');
    expect(loginLocationOf('192.168.1.9')).toBe('内网IP');
    expect(loginLocationOf('8.8.8.8')).toBe('未知');
  });

  it('reads Edge before Chrome and the Windows version', () => {
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';
    expect(userAgentNames(edge)).toEqual({ browser: 'Edge 120', os: 'Windows 10' });
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(userAgentNames(chrome)).toEqual({ browser: 'Chrome 131', os: 'Linux' });
    expect(userAgentNames('')).toEqual({ browser: 'Unknown', os: 'Unknown' });
  });
});

describe('cutText / logText', () => {
  /** Whether a text has no lone half of a surrogate pair (encodeURIComponent refuses one). */
  const wellFormed = (s: string) => {
    try {
      encodeURIComponent(s);
      return true;
    } catch {
      return false;
    }
  };
  // Any UTF-16 text, lone surrogates included.
  const anyText = fc.string({ unit: 'binary', maxLength: 40 });

  it('is at most the length asked, well formed, and the start of the text where it holds', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 45 }), (text, max) => {
        const cut = cutText(text, max, '…');
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(wellFormed(cut)).toBe(true);
        if (wellFormed(text) && text.length <= max) expect(cut).toBe(text);
        if (wellFormed(text) && text.length > max)
          expect(text.startsWith(cut.slice(0, -1))).toBe(true);
      }),
    );
  });

  it('never splits an emoji at the cut, and replaces a lone half by U+FFFD', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    expect(wellFormedText('a\ud83db')).toBe('a\uFFFDb');
    expect(logText(`${'x'.repeat(1998)}😀y`)).toBe(`${'x'.repeat(1998)}…`);
  });
});
