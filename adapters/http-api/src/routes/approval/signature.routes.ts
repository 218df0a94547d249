import type { Request } from 'express';
import type { SignatureImage } from '@dpms/core';
import { signatureAnswer, signatureParams } from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/http-error.js';
import { readMultipart } from '../../http/multipart.js';
import { AUTHENTICATED, PUBLIC, type RouteBook } from '../../http/route.js';
import type { ApprovalRouteDeps } from './shared.js';

const TAG_PROFILE = '个人中心';
const MAX_SIGNATURE = 512 * 1024;

/** Reads one png/jpg image part of a multipart request (any of the usual field names). */
async function readSignatureImage(req: Request): Promise<{ contentType: string; data: Buffer }> {
  const { file } = await readMultipart(req, {
    notMultipart: '请以 multipart/form-data 上传签名图片',
    fileFields: ['signaturefile', 'file', 'avatarfile'],
    maxFileBytes: MAX_SIGNATURE,
    tooLarge: () => new HttpError(413, '签名图片不能超过 512KB'),
    maxFields: 10,
    receive: async ({ stream }) => {
      const chunks: Buffer[] = [];
      for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
      const data = Buffer.concat(chunks);
      const png = data
        .subarray(0, 8)
        .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const jpg = data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
      if (!png && !jpg) throw new HttpError(415, '签名图片只能是 png、jpg、jpeg 格式');
      return { contentType: png ? 'image/png' : 'image/jpeg', data };
    },
  });
  if (file === undefined) throw new HttpError(400, '请上传签名图片（字段 signaturefile）');
  return file;
}

/** The wire's view of a user's current signature (all null when they have none). */
const signatureOf = (image: SignatureImage | null) => ({
  signFileId: image?.fileId ?? null,
  signUrl: image?.url ?? null,
  setAt: image?.setAt?.toISOString() ?? null,
});

/** The personal centre's signature image: upload, current, and the image itself. */
export function registerSignatureRoutes(book: RouteBook, deps: ApprovalRouteDeps): void {
  book.add({
    method: 'post',
    path: '/system/user/profile/signature',
    summary:
      '上传本人签名图片（multipart 字段 signaturefile；png、jpg，至多 512KB）；此后的签署使用新图片，已签署的保持原图',
    tag: TAG_PROFILE,
    access: AUTHENTICATED,
    multipart: 'signaturefile',
    response: signatureAnswer,
    handler: async ({ req, principal }) => {
      const image = await readSignatureImage(req);
      const saved = await deps.signatures.transaction((r) =>
        r.signatures.save(String(principal.userId), image.contentType, image.data),
      );
      return ok(signatureOf(saved));
    },
  });
  book.add({
    method: 'get',
    path: '/system/user/profile/signature',
    summary: '本人当前的签名图片地址（无则为 null）',
    tag: TAG_PROFILE,
    access: AUTHENTICATED,
    response: signatureAnswer,
    handler: async ({ principal }) => {
      const current = await deps.signatures.transaction((r) =>
        r.signatures.current(String(principal.userId)),
      );
      return ok(signatureOf(current));
    },
  });
  book.add({
    method: 'get',
    path: '/system/user/profile/signature/:fileId',
    summary: '签名图片（按服务器签发的不可猜测编号公开，供 <img> 使用）',
    tag: TAG_PROFILE,
    access: PUBLIC,
    params: signatureParams,
    produces: 'image/*',
    handler: async ({ params, res }) => {
      const image = await deps.signatures.transaction((r) => r.signatures.read(params.fileId));
      if (image === null) throw new HttpError(404);
      res.status(200);
      res.setHeader('Content-Type', image.contentType);
      res.setHeader('Cache-Control', 'private, max-age=604800, immutable');
      res.end(Buffer.from(image.data));
      return undefined;
    },
  });
}
