import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GENERATED_SEAL_DIR,
  GENERATED_SEAL_FILE,
  P12PdfSealer,
  generateSealKey,
  sealKeyFromEnv,
} from './pdf-seal.js';

describe('the seal the server signs PDFs with', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'dpms-seal-key-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const logger = () => ({ info: vi.fn(), warn: vi.fn() });

  it('is generated once under DATA_DIR in the name given, private to the server, and kept', () => {
    const dir = dataDir();
    const log = logger();
    const name = vi.fn(() => '华东示范建筑设计研究院有限公司');
    const first = sealKeyFromEnv({}, dir, name, log, false);
    const again = sealKeyFromEnv({}, dir, name, log, false);
    expect(again.p12.equals(first.p12)).toBe(true);
    expect(name).toHaveBeenCalledTimes(1);
    expect(new P12PdfSealer(again).signerName).toBe('华东示范建筑设计研究院有限公司');
    const file = path.join(dir, GENERATED_SEAL_DIR, GENERATED_SEAL_FILE);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('refuses to start on a kept seal it cannot open, rather than replacing it', () => {
    const dir = dataDir();
    sealKeyFromEnv({}, dir, () => 'DPMS', logger(), false);
    const file = path.join(dir, GENERATED_SEAL_DIR, GENERATED_SEAL_FILE);
    writeFileSync(file, '{"p12":"AAAA","passphrase":"x"}');
    expect(() => sealKeyFromEnv({}, dir, () => 'DPMS', logger(), false)).toThrow(
      /institute-seal\.json/,
    );
    expect(readFileSync(file, 'utf8')).toBe('{"p12":"AAAA","passphrase":"x"}');
  });

  it('says so as a warning when production signs with a generated one', () => {
    const log = logger();
    sealKeyFromEnv({}, dataDir(), () => 'DPMS', log, true);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('uses SIGNING_P12 with its password, and refuses to start on one it cannot open', () => {
    const dir = dataDir();
    const given = generateSealKey('Institute Seal');
    const file = path.join(dir, 'given.p12');
    writeFileSync(file, given.p12);
    const env = { SIGNING_P12: file, SIGNING_P12_PASSWORD: given.passphrase };
    const key = sealKeyFromEnv(env, dir, () => 'unused', logger(), true);
    expect(key.p12.equals(readFileSync(file))).toBe(true);
    expect(new P12PdfSealer(key).signerName).toBe('Institute Seal');
    expect(() =>
      sealKeyFromEnv({ ...env, SIGNING_P12_PASSWORD: 'wrong' }, dir, () => '', logger(), true),
    ).toThrow(/SIGNING_P12/);
    expect(() =>
      sealKeyFromEnv({ SIGNING_P12: path.join(dir, 'none.p12') }, dir, () => '', logger(), true),
    ).toThrow(/SIGNING_P12/);
  });
});
