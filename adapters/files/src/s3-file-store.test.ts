import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, parseS3Url } from './file-store-from-env.js';
import { LocalDiskFileStore } from './local-disk-file-store.js';
import { createS3Client, S3FileStore } from './s3-file-store.js';
import { fileStoreContract, pattern, pieces, readAll } from './testing/file-store.contract.js';
import { startStrictFakeS3, type StrictFakeS3 } from './testing/strict-fake-s3.js';

const MiB = 1024 * 1024;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

fileStoreContract('S3 on s3rver', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dpms-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'dpms-files', configs: [] }],
  });
  const address = await server.run();
  const client = createS3Client({ endpoint: `http://127.0.0.1:${address.port}`, ...credentials });
  return {
    store: new S3FileStore({ client, bucket: 'dpms-files', prefix: 'test/' }),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

fileStoreContract('S3 on the strict fake', async () => {
  const fake = await startStrictFakeS3();
  const client = createS3Client({ endpoint: fake.endpoint, ...credentials });
  return {
    store: new S3FileStore({ client, bucket: fake.bucket }),
    close: async () => {
      client.destroy();
      await fake.close();
    },
  };
});

describe('S3FileStore against the strict fake', () => {
  let fake: StrictFakeS3;
  let store: S3FileStore;
  beforeAll(async () => {
    fake = await startStrictFakeS3();
    store = new S3FileStore({
      client: createS3Client({ endpoint: fake.endpoint, ...credentials }),
      bucket: fake.bucket,
      partSize: 5 * MiB,
    });
  });
  afterAll(() => fake.close());

  it('regroups 1 MiB chunks into ascending parts of at least 5 MiB but the last', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 12; i++) {
      const key = `staging/p/${i + 1}-n`;
      keys.push(key);
      await store.put(key, pieces(pattern(i === 11 ? 123 : MiB, i + 1)));
    }
    await store.compose(keys, 'files/regrouped');
    const last = fake.completions.at(-1);
    expect(last?.key).toBe('files/regrouped');
    expect(last?.parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(last?.parts.map((p) => p.size)).toEqual([5 * MiB, 5 * MiB, MiB + 123]);
    expect(fake.objects.get('files/regrouped')?.length).toBe(11 * MiB + 123);
    expect(fake.openUploads()).toBe(0);
  });

  it('a completion answering 200 with an error body fails the write and leaves nothing', async () => {
    fake.failNextCompletionWith200();
    await expect(store.put('files/fail200', pieces(pattern(11 * MiB)))).rejects.toThrow();
    expect(fake.objects.has('files/fail200')).toBe(false);
    expect(fake.openUploads()).toBe(0);
    // The next one goes through.
    await store.put('files/ok200', pieces(pattern(11 * MiB)));
    expect((await readAll(await store.get('files/ok200'))).equals(pattern(11 * MiB))).toBe(true);
  });

  it('the fake itself refuses small parts, gaps in order and wrong ETags', async () => {
    const { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand } =
      await import('@aws-sdk/client-s3');
    const client = createS3Client({ endpoint: fake.endpoint, ...credentials });
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: fake.bucket, Key: 'files/raw' }),
    );
    const etags: string[] = [];
    for (const n of [1, 2]) {
      const out = await client.send(
        new UploadPartCommand({
          Bucket: fake.bucket,
          Key: 'files/raw',
          UploadId,
          PartNumber: n,
          Body: pattern(MiB, n),
        }),
      );
      etags.push(out.ETag ?? '');
    }
    const complete = (parts: { PartNumber: number; ETag: string }[]) =>
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: fake.bucket,
          Key: 'files/raw',
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    await expect(
      complete([
        { PartNumber: 1, ETag: etags[0] ?? '' },
        { PartNumber: 2, ETag: etags[1] ?? '' },
      ]),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
    await expect(
      complete([
        { PartNumber: 2, ETag: etags[1] ?? '' },
        { PartNumber: 1, ETag: etags[0] ?? '' },
      ]),
    ).rejects.toMatchObject({ name: 'InvalidPartOrder' });
    await expect(complete([{ PartNumber: 1, ETag: '"nope"' }])).rejects.toMatchObject({
      name: 'InvalidPart',
    });
    client.destroy();
  });
});

describe('choosing the store from the environment', () => {
  it('parses s3:// urls', () => {
    expect(parseS3Url('s3://dpms-files')).toEqual({ bucket: 'dpms-files', prefix: '' });
    expect(parseS3Url('s3://dpms-files/a/b/')).toEqual({ bucket: 'dpms-files', prefix: 'a/b/' });
    expect(parseS3Url('http://x')).toBeNull();
  });
  it('local disk by default, S3 for s3://', () => {
    expect(createFileStore({ dataDir: '/tmp/x' })).toBeInstanceOf(LocalDiskFileStore);
    expect(
      createFileStore({ dataDir: '/tmp/x', fileStore: 's3://bkt1', s3Endpoint: 'http://h:1' }),
    ).toBeInstanceOf(S3FileStore);
    expect(() => createFileStore({ dataDir: '/tmp/x', fileStore: 'ftp://x' })).toThrow();
  });
});
