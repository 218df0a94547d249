import { z } from 'zod';
import type { HttpClient } from '../client.js';

const notifySchema = z.object({
  unDealCount: z.coerce.number().default(0),
  unLookSeal: z.boolean().default(false),
  warnTaskList: z
    .array(
      z.object({
        taskNo: z.coerce
          .string()
          .nullish()
          .transform((v) => v ?? ''),
        planFinishDate: z.coerce
          .string()
          .nullish()
          .transform((v) => v ?? ''),
      }),
    )
    .nullish()
    .transform((list) => list ?? []),
});
export type NotifyState = z.infer<typeof notifySchema>;

export class NotifyGateway {
  constructor(private readonly http: HttpClient) {}

  /** GET /project/approval/getNotify: the badge count, the seal dot and the urgent tasks. */
  async getNotify(currentUserId: number | string): Promise<NotifyState> {
    const res = await this.http.get('/project/approval/getNotify', { params: { currentUserId } });
    return notifySchema.parse(res['data'] ?? res);
  }
}
