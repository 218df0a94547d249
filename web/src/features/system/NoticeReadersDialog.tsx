import type { NoticeReaderRow, SysNoticeRecord } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { Column } from '../../components/table/DataTable';
import { PagedUserList, useUserList } from '../../components/table/PagedUserList';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Dialog } from '../../components/ui/Dialog';

const FIRST_PAGE_SIZE = 10;

/**
 * 已读用户: who read a notice and when (on the institute's clock), paged, searched by name
 * (RuoYi's searchValue matches the login or the person's name).
 */
export function NoticeReadersDialog({
  notice,
  onClose,
}: {
  notice: SysNoticeRecord;
  onClose: () => void;
}) {
  const notices = useService(TOKENS.SysNoticeGateway);
  const clock = useInstituteClock();
  const list = useUserList(
    `noticeReaders:${notice.noticeId}`,
    ({ name, pageNum, pageSize }) =>
      notices.readers({ noticeId: notice.noticeId, searchValue: name.trim(), pageNum, pageSize }),
    FIRST_PAGE_SIZE,
  );
  const columns: Column<NoticeReaderRow>[] = [
    { key: 'nickName', title: '用户名称' },
    { key: 'userName', title: '登录账号' },
    { key: 'deptName', title: '部门' },
    { key: 'readTime', title: '阅读时间', render: (r) => clock.instant(r.readTime) },
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`已读用户 - ${notice.noticeTitle}`}
      width={760}
      testId="notice-readers"
    >
      <PagedUserList list={list} columns={columns} testId="notice-readers-table" />
    </Dialog>
  );
}
