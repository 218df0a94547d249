import { approvalNotifyAnswer, type ApprovalNotify } from '@dpms/wire';
import type { HttpClient } from '../client.js';
import { answerOf } from './answer.js';

/** The shell's poll answer: the @dpms/wire schema the API answers through. */
export type NotifyState = ApprovalNotify;

export class NotifyGateway {
  constructor(private readonly http: HttpClient) {}

  /** GET /project/approval/getNotify: the badge count, the seal dot and the urgent tasks. */
  async getNotify(currentUserId: number | string): Promise<NotifyState> {
    const path = '/project/approval/getNotify';
    const res = await this.http.get(path, { params: { currentUserId } });
    return answerOf(approvalNotifyAnswer, res, path).data;
  }
}
