import fc from 'fast-check';
import { ApiError } from '@dpms/http-client';
import { describe, expect, it, vi } from 'vitest';
import {
  BigUploadQueue,
  MAX_CHUNK_ATTEMPTS,
  overallPercent,
  type UploadEntry,
} from './big-upload-queue';
import { PendingUploadStore } from './pending-uploads';
import { FakeChunkGateway, fakeHasher, fileOf, MemoryStorage, settle } from './test-fakes';

const MiB = 1024 * 1024;

function setup(profile: 'shell' | 'contract' = 'shell', storage = new MemoryStorage()) {
  const gateway = new FakeChunkGateway();
  const pending = new PendingUploadStore(storage, '7');
  const uploaded: string[] = [];
  const queue = new BigUploadQueue({
    profile,
    gateway,
    hasher: fakeHasher,
    pending,
    onUploaded: (file) => uploaded.push(file.fileId),
  });
  const only = (): UploadEntry => {
    const entry = queue.snapshot()[0];
    if (!entry) throw new Error('no entry');
    return entry;
  };
  return { gateway, pending, storage, queue, uploaded, only };
}

describe('BigUploadQueue', () => {
  it('cuts a file by the shell profile (1 MiB, 4 at a time) and sends the long field naming', async () => {
    const { gateway, queue, uploaded, only } = setup('shell');
    queue.add([fileOf('图纸.pdf', 5 * MiB + 10)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(4));
    expect(only().phase).toBe('upload');
    expect(only().chunkTotal).toBe(6);
    const first = gateway.held.find((h) => h.index === 0);
    expect(first?.fields).toMatchObject({
      chunkSize: String(MiB),
      chunkTotal: '6',
      chunkIndex: '0',
      partNum: '1',
      fileName: '图纸.pdf',
      fileSize: String(5 * MiB + 10),
      fileHash: 'fedcba9876543210fedcba9876543210',
      chunkHash: '0123456789abcdef0123456789abcdef',
      uploadId: 'up1',
    });
    await gateway.drain();
    await vi.waitFor(() => expect(only().phase).toBe('success'));
    expect(gateway.sent.map((h) => h.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gateway.sent.find((h) => h.index === 5)?.size).toBe(10);
    expect(gateway.maxInFlight).toBe(4);
    expect(gateway.completions).toEqual(['up1']);
    expect(uploaded).toHaveLength(1);
  });

  it('sends 10 MiB chunks 3 at a time in the contract profile', async () => {
    const { gateway, queue, only } = setup('contract');
    queue.add([fileOf('合同.zip', 45 * MiB)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(3));
    expect(only().chunkTotal).toBe(5);
    expect(gateway.held[0]?.fields['chunkSize']).toBe(String(10 * MiB));
    await gateway.drain();
    await vi.waitFor(() => expect(only().phase).toBe('success'));
    expect(gateway.maxInFlight).toBe(3);
  });

  it('never has more chunks in flight than the profile allows and sends each chunk once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 6 * MiB }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<'shell' | 'contract'>('shell', 'contract'),
        fc.infiniteStream(fc.nat()),
        async (sizes, profile, picks) => {
          const { gateway, queue } = setup(profile);
          const limit = profile === 'shell' ? 4 : 3;
          queue.add(sizes.map((size, i) => fileOf(`f${i}.pdf`, size)));
          // Answer chunks in a random order until every file is done.
          const order = picks[Symbol.iterator]();
          for (let guard = 0; guard < 500; guard += 1) {
            await settle();
            if (queue.snapshot().every((e) => e.phase === 'success')) break;
            const pick = order.next().value as number;
            gateway.held[pick % Math.max(1, gateway.held.length)]?.resolve();
          }
          expect(queue.snapshot().every((e) => e.phase === 'success')).toBe(true);
          expect(gateway.maxInFlight).toBeLessThanOrEqual(limit);
          const keys = gateway.sent.map((h) => `${h.fields['uploadId']}:${h.index}`);
          expect(new Set(keys).size).toBe(keys.length);
          const chunk = profile === 'shell' ? MiB : 10 * MiB;
          const expected = sizes.reduce((n, s) => n + Math.max(1, Math.ceil(s / chunk)), 0);
          expect(keys.length).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('pause aborts the chunks in flight and sends nothing until resumed; resume sends the rest', async () => {
    const { gateway, queue, only } = setup('shell');
    queue.add([fileOf('a.pdf', 6 * MiB)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(4));
    gateway.held[0]?.resolve();
    await settle();
    const key = only().key;
    queue.pause(key);
    await settle();
    expect(only().phase).toBe('paused');
    expect(gateway.held).toHaveLength(0);
    // A paused file does not count as uploading: the dialog may close.
    expect(queue.canClose()).toBe(true);
    const sentWhilePaused = gateway.sent.length;
    await settle();
    expect(gateway.sent.length).toBe(sentWhilePaused);

    queue.resume(key);
    await vi.waitFor(() => expect(gateway.held.length).toBe(4));
    expect(queue.canClose()).toBe(false);
    await gateway.drain();
    await vi.waitFor(() => expect(only().phase).toBe('success'));
    const acknowledged = new Set(
      gateway.sent.filter((h) => gateway.stored.get('up1')?.has(h.index)).map((h) => h.index),
    );
    expect([...acknowledged].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('sends a chunk the server refused for its md5 again, and fails the file after the last attempt', async () => {
    const { gateway, queue, only } = setup('shell');
    queue.add([fileOf('a.pdf', 100)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    const refused = new ApiError(
      'UPLOAD.CHUNK_HASH',
      '第1个分片的MD5校验失败，请重新上传该分片',
      422,
    );
    for (let attempt = 1; attempt < MAX_CHUNK_ATTEMPTS; attempt += 1) {
      gateway.held[0]?.reject(refused);
      await vi.waitFor(() => expect(gateway.held.length).toBe(1));
      expect(only().phase).toBe('upload');
    }
    gateway.held[0]?.reject(refused);
    await vi.waitFor(() => expect(only().phase).toBe('fail'));
    expect(only().error).toBe('第1个分片的MD5校验失败，请重新上传该分片');
    expect(only().item.status).toBe('fail');
    expect(queue.failedConfirmation()).toBe('存在上传失败的文件，确认放弃吗？');
  });

  it('fails at once on a refusal that sending again cannot cure', async () => {
    const { gateway, queue, only } = setup('shell');
    queue.add([fileOf('a.pdf', 100)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    gateway.held[0]?.reject(new ApiError('HTTP.413', '文件大小不能超过4GB', 413));
    await vi.waitFor(() => expect(only().phase).toBe('fail'));
    expect(gateway.sent).toHaveLength(1);
  });

  it('retry keeps the upload id and sends only the chunks the server does not list', async () => {
    const { gateway, queue, only } = setup('shell');
    queue.add([fileOf('a.pdf', 3 * MiB)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(3));
    gateway.held.find((h) => h.index === 1)?.resolve();
    await settle();
    const broken = new ApiError('HTTP.400', '分片表单字段chunkHash必须为32位十六进制MD5值', 400);
    gateway.held[0]?.reject(broken);
    await vi.waitFor(() => expect(only().phase).toBe('fail'));
    expect(gateway.held).toHaveLength(0);
    const before = gateway.sent.length;

    queue.retry(only().key);
    await vi.waitFor(() => expect(gateway.held.length).toBe(2));
    expect(only().item.uploadId).toBe('up1');
    expect(gateway.uploadIds).toBe(1);
    const resent = gateway.sent.slice(before).map((h) => h.index);
    expect(resent.sort()).toEqual([0, 2]);
    await gateway.drain();
    await vi.waitFor(() => expect(only().phase).toBe('success'));
  });

  it('a failed completion fails the file; retry completes it without sending a chunk again', async () => {
    const { gateway, queue, only } = setup('shell');
    gateway.completeFailure = new ApiError(
      'HTTP.422',
      '文件校验失败（整体哈希不一致），请重新上传',
      422,
    );
    queue.add([fileOf('a.pdf', 10)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    await gateway.drain();
    await vi.waitFor(() => expect(only().phase).toBe('fail'));
    expect(only().error).toBe('文件校验失败（整体哈希不一致），请重新上传');
    gateway.completeFailure = undefined;
    const sent = gateway.sent.length;
    queue.retry(only().key);
    await vi.waitFor(() => expect(only().phase).toBe('success'));
    expect(gateway.sent.length).toBe(sent);
  });

  it('refuses types outside the list with the message naming the file, and queues the others', () => {
    const { queue } = setup('shell');
    const refused = queue.add([fileOf('setup.exe', 10), fileOf('说明.docx', 10)]);
    expect(refused.map((e) => e.message)).toEqual([
      '文件“setup.exe”的格式exe不正确，请上传xls/xlsx/txt/doc/docx/ppt/pptx/jpg/jpeg/png/pdf/zip格式文件',
    ]);
    expect(queue.snapshot().map((e) => e.item.name)).toEqual(['说明.docx']);
  });

  it('cannot close while a file uploads (core’s message), and may once it is done', async () => {
    const { gateway, queue, only } = setup('shell');
    queue.add([fileOf('a.pdf', 10)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    expect(queue.canClose()).toBe(false);
    await gateway.drain();
    await vi.waitFor(() => expect(only().phase).toBe('success'));
    expect(queue.canClose()).toBe(true);
    expect(overallPercent(queue.snapshot())).toBe(100);
  });

  it('after a reload resumes from the chunks the server lists once the same file is picked again', async () => {
    const storage = new MemoryStorage();
    const first = setup('shell', storage);
    const file = fileOf('大楼.zip', 4 * MiB);
    first.queue.add([file]);
    await vi.waitFor(() => expect(first.gateway.held.length).toBe(4));
    first.gateway.held.find((h) => h.index === 0)?.resolve();
    first.gateway.held.find((h) => h.index === 2)?.resolve();
    await settle();
    first.queue.dispose(); // the page goes away

    // The new page: same storage, the server still holds chunks 0 and 2.
    const gateway = first.gateway;
    gateway.held = [];
    const before = gateway.sent.length;
    const queue = new BigUploadQueue({
      profile: 'shell',
      gateway,
      hasher: fakeHasher,
      pending: new PendingUploadStore(storage, '7'),
    });
    const entry = () => queue.snapshot()[0];
    expect(entry()?.phase).toBe('needsFile');
    expect(entry()?.item.name).toBe('大楼.zip');
    expect(queue.canClose()).toBe(true);

    const wrong = queue.repick(entry()?.key ?? '', fileOf('大楼.zip', 4 * MiB - 1));
    expect(wrong).toBe(
      '所选文件与待续传的“大楼.zip”不一致（文件名、大小或修改时间不同），请选择原文件',
    );
    expect(entry()?.phase).toBe('needsFile');

    expect(queue.repick(entry()?.key ?? '', file)).toBeUndefined();
    await vi.waitFor(() => expect(gateway.held.length).toBe(2));
    expect(gateway.uploadIds).toBe(1);
    expect(entry()?.chunksDone).toBe(2);
    expect(
      gateway.sent
        .slice(before)
        .map((h) => h.index)
        .sort(),
    ).toEqual([1, 3]);
    await gateway.drain();
    await vi.waitFor(() => expect(entry()?.phase).toBe('success'));
    expect(storage.map.size).toBe(0);
  });

  it('starts again with a new upload id when the server no longer knows the remembered one', async () => {
    const storage = new MemoryStorage();
    new PendingUploadStore(storage, '7').remember('shell', {
      uploadId: 'gone',
      name: 'a.pdf',
      size: 10,
      lastModified: 1_700_000_000_000,
      fileHash: 'fedcba9876543210fedcba9876543210',
      savedAt: Date.now(),
    });
    const gateway = new FakeChunkGateway();
    gateway.expired.add('gone');
    const queue = new BigUploadQueue({
      profile: 'shell',
      gateway,
      hasher: fakeHasher,
      pending: new PendingUploadStore(storage, '7'),
    });
    const key = queue.snapshot()[0]?.key ?? '';
    queue.repick(key, fileOf('a.pdf', 10));
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    expect(gateway.held[0]?.fields['uploadId']).toBe('up1');
    expect(queue.snapshot()[0]?.error).toBe('“a.pdf”的上传任务已过期，将重新上传');
    await gateway.drain();
    await vi.waitFor(() => expect(queue.snapshot()[0]?.phase).toBe('success'));
  });
});

describe('PendingUploadStore', () => {
  it('keeps entries per user and profile, drops malformed and expired ones', () => {
    const storage = new MemoryStorage();
    let now = 1_000_000_000;
    const store = new PendingUploadStore(storage, '7', () => now);
    const upload = {
      uploadId: 'u1',
      name: 'a.pdf',
      size: 1,
      lastModified: 1,
      fileHash: '0'.repeat(32),
      savedAt: 0,
    };
    store.remember('shell', upload);
    expect(store.list('shell').map((u) => u.uploadId)).toEqual(['u1']);
    expect(store.list('contract')).toEqual([]);
    expect(new PendingUploadStore(storage, '8', () => now).list('shell')).toEqual([]);
    storage.setItem('dpms.bigUpload.7.contract', '{not json');
    expect(store.list('contract')).toEqual([]);
    storage.setItem('dpms.bigUpload.7.contract', JSON.stringify([{ uploadId: 1 }]));
    expect(store.list('contract')).toEqual([]);
    now += 24 * 60 * 60 * 1000 + 1;
    expect(store.list('shell')).toEqual([]);
  });
});
