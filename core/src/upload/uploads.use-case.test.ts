import { describe, expect, it } from 'vitest';
import type { ChunkForm } from './chunk-form.js';
import type {
  FileRecord,
  FileRecordRepository,
  FileStore,
  RecordPartOutcome,
  UploadPart,
} from './file-store.port.js';
import type { UploadSession } from './file-store.port.js';
import {
  FILE_READ_PERMISSION,
  mayReadFile,
  Uploads,
  type UploadActor,
} from './uploads.use-case.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const NOW = new Date('2026-03-02T08:00:00Z');
const ID = 'a'.repeat(32);
const OTHER_ID = 'b'.repeat(32);

/** In-memory records: only what the use case calls, and a count of every read and write. */
function memory() {
  const uploads = new Map<string, UploadSession>();
  const stored = new Map<string, FileRecord>();
  const calls = { createUpload: 0, findUpload: 0, findFile: 0 };
  const parts: UploadPart[] = [];
  const deleted: string[] = [];
  let outcome: RecordPartOutcome = { kind: 'recorded', replacedKey: null };
  const composed = { bytes: bytes('%PDF-1.7\n') };
  const completion = { released: 0, finished: [] as FileRecord[] };
  const repo = {
    createUpload: (u: { uploadId: string; ownerUserId: number; fileName: string; now: Date }) => {
      calls.createUpload += 1;
      uploads.set(u.uploadId, {
        uploadId: u.uploadId,
        ownerUserId: u.ownerUserId,
        fileName: u.fileName,
        fileSize: null,
        fileHash: null,
        chunkTotal: null,
        chunkSize: null,
        status: 'uploading',
        fileId: null,
        createdAt: u.now,
        updatedAt: u.now,
      });
      return Promise.resolve();
    },
    findUpload: (id: string) => {
      calls.findUpload += 1;
      return Promise.resolve(uploads.get(id) ?? null);
    },
    findFile: (id: string) => {
      calls.findFile += 1;
      return Promise.resolve(stored.get(id) ?? null);
    },
    claimCompletion: (id: string) => {
      const session = uploads.get(id);
      if (!session) return Promise.resolve({ kind: 'missing' as const });
      const claimed = { ...session, fileSize: composed.bytes.length, fileHash: 'h'.repeat(32) };
      const one = {
        partNum: 1,
        size: composed.bytes.length,
        md5: 'e'.repeat(32),
        storageKey: 'staging/x/1',
      };
      return Promise.resolve({
        kind: 'claimed' as const,
        session: { ...claimed, chunkTotal: 1, chunkSize: null },
        parts: [one],
      });
    },
    releaseCompletion: () => {
      completion.released += 1;
      return Promise.resolve();
    },
    finishCompletion: (_id: string, f: FileRecord) => {
      completion.finished.push(f);
      return Promise.resolve(['staging/x/1']);
    },
    recordPart: (_id: string, _shape: unknown, part: UploadPart) => {
      if (outcome.kind === 'recorded') parts.push(part);
      return Promise.resolve(outcome);
    },
  } as Partial<FileRecordRepository> as FileRecordRepository;
  const store = {
    compose: (
      _sources: readonly string[],
      _target: string,
      o?: { observe?: (b: Uint8Array) => void },
    ) => {
      o?.observe?.(composed.bytes);
      return Promise.resolve({ size: composed.bytes.length });
    },
    delete: (key: string) => {
      deleted.push(key);
      return Promise.resolve();
    },
  } as Partial<FileStore> as FileStore;
  const useCase = new Uploads(
    repo,
    store,
    { now: () => NOW },
    { newId: () => ID },
    { maxFileBytes: 100, completionStaleMs: 60_000 },
    {
      // A stand-in hash: 'h' × 32 when the bytes start as a PDF, else 'x' × 32.
      tap: () => {
        let head: Uint8Array = new Uint8Array(0);
        return {
          see: (b: Uint8Array) => {
            head = b;
          },
          digest: () => (head[0] === 0x25 ? 'h' : 'x').repeat(32),
          get head() {
            return head;
          },
        };
      },
    },
  );
  const answer = (next: RecordPartOutcome) => {
    outcome = next;
  };
  return { uploads, stored, calls, parts, deleted, answer, composed, completion, useCase };
}

const person = (userId: number, extra: Partial<UploadActor> = {}): UploadActor => ({
  userId,
  isAdmin: false,
  permissions: [],
  ...extra,
});

const file = (ownerUserId: number): FileRecord => ({
  fileId: OTHER_ID,
  originalName: '合同.pdf',
  fileType: 'pdf',
  size: 3,
  contentHash: 'c'.repeat(64),
  storageKey: `files/${OTHER_ID}`,
  ownerUserId,
  createdAt: NOW,
});

describe('Uploads.startUpload', () => {
  it('records an upload for its caller under a new id, at the clock time', async () => {
    const m = memory();
    const r = await m.useCase.startUpload(person(7), '  合同.pdf ');
    expect(r).toEqual({ ok: true, value: ID });
    expect(m.uploads.get(ID)).toMatchObject({
      ownerUserId: 7,
      fileName: '合同.pdf',
      createdAt: NOW,
    });
  });

  it.each(['', '   ', '.', '..', 'a/b.pdf', 'a\\b.pdf', 'a\u0000.pdf', 'a\u007f.pdf'])(
    'refuses the name %j and writes nothing',
    async (name) => {
      const m = memory();
      const r = await m.useCase.startUpload(person(7), name);
      expect(r.ok || r.error).toMatchObject({
        code: 'UPLOAD.FILE_NAME_INVALID',
        field: 'fileName',
      });
      expect(m.calls.createUpload).toBe(0);
    },
  );

  it('refuses a type the purpose does not admit and writes nothing', async () => {
    const m = memory();
    const r = await m.useCase.startUpload(person(7), '图纸.dwg');
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.TYPE_NOT_ALLOWED', field: 'fileName' });
    expect(m.calls.createUpload).toBe(0);
  });

  it('admits a CAD drawing for a design result', async () => {
    const m = memory();
    expect((await m.useCase.startUpload(person(7), '图纸.dwg', 'result')).ok).toBe(true);
    expect(m.calls.createUpload).toBe(1);
  });
});

describe('Uploads.ownedUpload', () => {
  it('answers the caller’s own upload', async () => {
    const m = memory();
    await m.useCase.startUpload(person(7), '合同.pdf');
    const r = await m.useCase.ownedUpload(ID, person(7));
    expect(r.ok && r.value.uploadId).toBe(ID);
  });

  it('does not find another person’s upload', async () => {
    const m = memory();
    await m.useCase.startUpload(person(7), '合同.pdf');
    const r = await m.useCase.ownedUpload(ID, person(8));
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.NOT_FOUND', field: 'uploadId' });
  });

  it('refuses a malformed id before reading the records', async () => {
    const m = memory();
    const r = await m.useCase.ownedUpload('../etc/passwd', person(7));
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.NOT_FOUND' });
    expect(m.calls.findUpload).toBe(0);
  });
});

describe('Uploads.readableFile', () => {
  it('refuses an id the server did not issue before reading the records', async () => {
    const m = memory();
    const r = await m.useCase.readableFile('files/../x', person(7));
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.FILE_ID_INVALID' });
    expect(m.calls.findFile).toBe(0);
  });

  it('answers not found for an unknown file', async () => {
    const r = await memory().useCase.readableFile(OTHER_ID, person(7));
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.FILE_NOT_FOUND' });
  });

  it('refuses someone else’s file to a person without the read permission', async () => {
    const m = memory();
    m.stored.set(OTHER_ID, file(1));
    const r = await m.useCase.readableFile(
      OTHER_ID,
      person(7, { permissions: ['system:user:list'] }),
    );
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.FORBIDDEN' });
  });

  it('answers the file to its owner', async () => {
    const m = memory();
    m.stored.set(OTHER_ID, file(7));
    expect(await m.useCase.readableFile(OTHER_ID, person(7))).toEqual({ ok: true, value: file(7) });
  });
});

describe('mayReadFile', () => {
  it('lets the owner, role admin, the read permission and the wildcard read; nobody else', () => {
    const f = file(1);
    expect(mayReadFile(f, person(1))).toBe(true);
    expect(mayReadFile(f, person(2, { isAdmin: true }))).toBe(true);
    expect(mayReadFile(f, person(2, { permissions: [FILE_READ_PERMISSION] }))).toBe(true);
    expect(mayReadFile(f, person(2, { permissions: ['*:*:*'] }))).toBe(true);
    expect(mayReadFile(f, person(2, { permissions: ['common:file:list'] }))).toBe(false);
  });
});

const PDF_HEAD = bytes('%PDF-1.7\n');
const form = (over: Partial<ChunkForm> = {}): ChunkForm => ({
  uploadId: ID,
  fileName: '合同.pdf',
  fileSize: 10,
  fileHash: 'd'.repeat(32),
  chunkSize: 4,
  chunkTotal: 3,
  chunkIndex: 0,
  chunkHash: 'e'.repeat(32),
  partNum: 1,
  ...over,
});
const chunk = { key: 'staging/x/1', size: 4, md5: 'e'.repeat(32), head: PDF_HEAD };

async function started(fileName = '合同.pdf') {
  const m = memory();
  await m.useCase.startUpload(person(7), fileName, 'result');
  return m;
}

describe('Uploads.acceptChunk', () => {
  it('records a chunk that passes every check and answers its numbers', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(form(), chunk, person(7));
    expect(r).toEqual({
      ok: true,
      value: { uploadId: ID, chunkIndex: 0, partNum: 1, size: 4, md5: 'e'.repeat(32) },
    });
    expect(m.parts).toEqual([{ partNum: 1, size: 4, md5: 'e'.repeat(32), storageKey: chunk.key }]);
  });

  it('deletes the bytes of the part a re-sent chunk replaced', async () => {
    const m = await started();
    m.answer({ kind: 'recorded', replacedKey: 'staging/x/old' });
    expect((await m.useCase.acceptChunk(form(), chunk, person(7))).ok).toBe(true);
    expect(m.deleted).toEqual(['staging/x/old']);
  });

  it('refuses an announced file over the limit before reading the upload', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(form({ fileSize: 101 }), chunk, person(7));
    expect(r.ok || r.error.code).toBe('UPLOAD.TOO_LARGE');
    expect(m.calls.findUpload).toBe(0);
    expect(m.parts).toEqual([]);
  });

  it('does not find another person’s upload and records nothing', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(form(), chunk, person(8));
    expect(r.ok || r.error).toMatchObject({ code: 'UPLOAD.NOT_FOUND', field: 'uploadId' });
    expect(m.parts).toEqual([]);
  });

  it('refuses a chunk whose md5 differs from the form and records nothing', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(form(), { ...chunk, md5: 'f'.repeat(32) }, person(7));
    expect(r.ok || r.error).toMatchObject({
      code: 'UPLOAD.CHUNK_HASH_MISMATCH',
      field: 'chunkHash',
    });
    expect(m.parts).toEqual([]);
  });

  it('refuses a chunk whose size is not its span of the plan and records nothing', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(form(), { ...chunk, size: 3 }, person(7));
    expect(r.ok || r.error.code).toBe('UPLOAD.CHUNK_SIZE_MISMATCH');
    expect(m.parts).toEqual([]);
  });

  it('without a chunk size, refuses an empty chunk of a non-empty file', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(
      form({ chunkSize: undefined, chunkIndex: 1, partNum: 2 }),
      { ...chunk, size: 0 },
      person(7),
    );
    expect(r.ok || r.error.code).toBe('UPLOAD.CHUNK_SIZE_MISMATCH');
    expect(m.parts).toEqual([]);
  });

  it('refuses a first chunk whose content is not its type and records nothing', async () => {
    const m = await started();
    const exe = bytes('MZ\u0090\u0000');
    const r = await m.useCase.acceptChunk(form(), { ...chunk, head: exe }, person(7));
    expect(r.ok || r.error.code).toBe('UPLOAD.UNSUPPORTED_TYPE');
    expect(m.parts).toEqual([]);
  });

  it('checks the content of the first chunk only', async () => {
    const m = await started();
    const r = await m.useCase.acceptChunk(
      form({ chunkIndex: 1, partNum: 2 }),
      { ...chunk, head: new Uint8Array(4) },
      person(7),
    );
    expect(r.ok).toBe(true);
  });

  it.each([
    [{ kind: 'missing' } as const, 'UPLOAD.NOT_FOUND'],
    [{ kind: 'not-uploading', status: 'complete' } as const, 'UPLOAD.ALREADY_COMPLETE'],
    [{ kind: 'not-uploading', status: 'completing' } as const, 'UPLOAD.COMPLETING'],
  ])('answers the records’ refusal %j as %s', async (outcome, code) => {
    const m = await started();
    m.answer(outcome);
    const r = await m.useCase.acceptChunk(form(), chunk, person(7));
    expect(r.ok || r.error.code).toBe(code);
    expect(m.deleted).toEqual([]);
  });
});

describe('Uploads.complete', () => {
  it('composes, checks and records the caller’s file, then drops the staged chunks', async () => {
    const m = await started();
    const r = await m.useCase.complete(ID, person(7));
    expect(r.ok && r.value).toMatchObject({
      fileId: ID,
      originalName: '合同.pdf',
      ownerUserId: 7,
      storageKey: `files/${ID}`,
    });
    expect(m.completion.finished).toHaveLength(1);
    expect(m.completion.released).toBe(0);
  });

  it('does not find another person’s upload and claims nothing', async () => {
    const m = await started();
    const r = await m.useCase.complete(ID, person(8));
    expect(r.ok || r.error.code).toBe('UPLOAD.NOT_FOUND');
    expect(m.completion.finished).toEqual([]);
  });

  it('refuses a whole-file hash that differs, deletes the composed bytes, gives the claim back', async () => {
    const m = await started();
    m.composed.bytes = bytes('MZ not a pdf');
    const r = await m.useCase.complete(ID, person(7));
    expect(r.ok || r.error.code).toBe('UPLOAD.FILE_HASH_MISMATCH');
    expect(m.deleted).toEqual([`files/${ID}`]);
    expect(m.completion).toEqual({ released: 1, finished: [] });
  });
});
