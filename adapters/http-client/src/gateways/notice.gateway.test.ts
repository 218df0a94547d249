import { describe, expect, it } from 'vitest';
import { SysNoticeGateway } from './notice.gateway.js';
import { recordingHttp } from './recording-http.js';

const OK = { code: 200, msg: '操作成功' };
const headline = {
  noticeId: 3,
  noticeTitle: '消防演练通知',
  noticeType: '1',
  status: '0',
  createBy: 'admin',
  createByName: '系统管理员',
  createTime: '2026-11-26T01:05:00.000Z',
  isRead: false,
};

describe('SysNoticeGateway', () => {
  it('reads listTop’s notices and unread count, and sends the read marks in the query as RuoYi does', async () => {
    const { http, seen } = recordingHttp((c) =>
      c.url === '/system/notice/listTop' ? { ...OK, data: [headline], unreadCount: 1 } : OK,
    );
    const notices = new SysNoticeGateway(http);
    expect(await notices.top()).toEqual({ notices: [headline], unreadCount: 1 });
    await notices.markRead(3);
    await notices.markAllRead([3, 2]);
    await notices.markAllRead([]);
    const writes = seen.filter((c) => c.method === 'post');
    expect(writes.map((c) => [c.url, c.params as unknown])).toEqual([
      ['/system/notice/markRead', { noticeId: 3 }],
      ['/system/notice/markReadAll', { ids: '3,2' }],
    ]);
  });

  it('refuses a listTop answer without its unread count', async () => {
    const { http } = recordingHttp(() => ({ ...OK, data: [headline] }));
    await expect(new SysNoticeGateway(http).top()).rejects.toMatchObject({
      code: 'HTTP.MALFORMED_ANSWER',
    });
  });
});
