import { z } from 'zod';
import { UPLOAD_PURPOSES } from '@dpms/core';
import {
  chunkAnswer,
  chunkListingAnswer,
  ownFilesAnswer,
  ownFilesQuery,
  storedFileAnswer,
  uploadIdAnswer,
} from '@dpms/wire';
import { ok, okWith, page } from '../http/envelope.js';
import { AUTHENTICATED } from '../http/route.js';
import type { RouteModule } from './route-module.js';
import { fileAnswer, type FileService } from './upload.service.js';

const uploadIdQuery = z.object({ uploadId: z.string().min(1).max(64) });
/** What the file is for: `result` (a design result) admits CAD drawings (dwg, dxf) too. */
const purpose = z.enum(UPLOAD_PURPOSES).optional().meta({
  description: '上传用途：result 为设计成果（另可上传 CAD 图纸 dwg/dxf）；不填为普通附件',
});

/**
 * The chunked upload of the spec (000 §7, 001 §9) and the ordinary form upload. Every caller
 * signed in may upload; an upload belongs to whoever asked for its id.
 *
 * - GET  /common/maxfile/getUploadId?fileName=     → data: { uploadId, fileName }
 * - POST /common/maxfile/upload (multipart, either naming + the chunk part)
 *                                                  → data: { uploadId, chunkIndex, partNum, size, md5 }
 * - GET  /common/maxfile/chunks?uploadId=          → data: { status, chunkTotal, chunks: [{chunkIndex, partNum, size, md5}] … }
 * - GET  /common/maxfile/complateUploadId?uploadId= → { fileId, fileName, url, originalFilename, size, fileType, data: same }
 * - POST /common/upload (multipart `file`)         → the same file answer
 * - GET  /common/files/mine?fileName=&pageNum=     → the caller's own files with where each is
 *                                                    linked (文件上传's list; any browser sees it)
 */
export function uploadRoutes(files: FileService): RouteModule {
  return {
    name: 'upload',
    register(book) {
      book.add({
        method: 'get',
        path: '/common/files/mine',
        summary: '我上传的文件',
        tag: '文件',
        access: AUTHENTICATED,
        query: ownFilesQuery,
        response: ownFilesAnswer,
        handler: async ({ query, principal }) => {
          const found = await files.files.listOwnedFiles(principal.userId, {
            ...(query.fileName ? { name: query.fileName } : {}),
            offset: (query.pageNum - 1) * query.pageSize,
            limit: query.pageSize,
          });
          return page(
            found.total,
            found.rows.map((f) => ({
              ...fileAnswer(f),
              createTime: f.createdAt.toISOString(),
              uses: f.uses,
            })),
          );
        },
      });

      book.add({
        method: 'get',
        path: '/common/maxfile/getUploadId',
        summary: '获取分片上传标识',
        tag: '文件',
        access: AUTHENTICATED,
        query: z.object({ fileName: z.string().min(1).max(255), purpose }),
        response: uploadIdAnswer,
        handler: async ({ query, principal }) => {
          const uploadId = await files.createUpload(principal, query.fileName, query.purpose);
          return ok({ uploadId, fileName: query.fileName.trim() });
        },
      });

      book.add({
        method: 'post',
        path: '/common/maxfile/upload',
        summary: '上传一个分片',
        tag: '文件',
        access: AUTHENTICATED,
        multipart: 'file',
        response: chunkAnswer,
        handler: async ({ req, principal }) => ok(await files.receiveChunk(req, principal)),
      });

      book.add({
        method: 'get',
        path: '/common/maxfile/chunks',
        summary: '查询已上传的分片（断点续传）',
        tag: '文件',
        access: AUTHENTICATED,
        query: uploadIdQuery,
        response: chunkListingAnswer,
        handler: async ({ query, principal }) =>
          ok(await files.listChunks(query.uploadId, principal)),
      });

      book.add({
        method: 'get',
        path: '/common/maxfile/complateUploadId',
        summary: '完成分片上传并合并文件',
        tag: '文件',
        access: AUTHENTICATED,
        query: uploadIdQuery,
        response: storedFileAnswer,
        handler: async ({ query, principal }) => {
          const answer = fileAnswer(await files.complete(query.uploadId, principal));
          return okWith({ ...answer, data: answer });
        },
      });

      book.add({
        method: 'post',
        path: '/common/upload',
        summary: '上传文件（表单附件）',
        tag: '文件',
        access: AUTHENTICATED,
        multipart: 'file',
        query: z.object({ purpose }),
        response: storedFileAnswer,
        handler: async ({ req, principal, query }) => {
          const answer = fileAnswer(await files.uploadFormFile(req, principal, query.purpose));
          return okWith({ ...answer, data: answer });
        },
      });
    },
  };
}
