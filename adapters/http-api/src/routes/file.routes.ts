import { z } from 'zod';
import { HttpError } from '../http/http-error.js';
import { PUBLIC } from '../http/route.js';
import type { AvatarStore } from './avatar-store.js';
import type { RouteModule } from './route-module.js';

/** Avatar images: public by an unguessable server-issued name (an <img> sends no bearer token). */
export function fileRoutes(avatars: AvatarStore): RouteModule {
  return {
    name: 'files',
    register(book) {
      book.add({
        method: 'get',
        path: '/profile/avatar/:name',
        summary: '头像图片',
        tag: '文件',
        access: PUBLIC,
        params: z.object({ name: z.string().max(64) }),
        produces: 'image/*',
        handler: async ({ params, res }) => {
          const file = avatars.fileOf(params.name);
          if (!file) throw new HttpError(404);
          await new Promise<void>((resolve, reject) => {
            res.sendFile(file, { maxAge: '7d', immutable: true }, (e) => {
              if (e) reject(new HttpError(404));
              else resolve();
            });
          });
          return undefined;
        },
      });
    },
  };
}
