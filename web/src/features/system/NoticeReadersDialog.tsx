import type { NoticeReaderRow, SysNoticeRecord } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
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
  const [draft, setDraft] = useState('');
  const [searchValue, setSearchValue] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const list = useQuery({
    queryKey: ['noticeReaders', notice.noticeId, searchValue, pageNum, pageSize],
    queryFn: () => notices.readers({ noticeId: notice.noticeId, searchValue, pageNum, pageSize }),
  });
  const columns: Column<NoticeReaderRow>[] = [
    { key: 'nickName', title: '用户名称' },
    { key: 'userName', title: '登录账号' },
    { key: 'deptName', title: '部门' },
    { key: 'readTime', title: '阅读时间', render: (r) => clock.instant(r.readTime) },
  ];
  const search = (value: string) => {
    setSearchValue(value);
    setPageNum(1);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`已读用户 - ${notice.noticeTitle}`}
      width={760}
      testId="notice-readers"
    >
      <div className="mb-2 flex items-center gap-2">
        <input
          className="input"
          placeholder="请输入用户名称"
          aria-label="用户名称"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search(draft.trim());
          }}
        />
        <Button variant="primary" onClick={() => search(draft.trim())}>
          搜索
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            search('');
          }}
        >
          重置
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.rows ?? []}
        rowKey="userId"
        total={list.data?.total ?? 0}
        pageNum={pageNum}
        pageSize={pageSize}
        onPageChange={(n, size) => {
          setPageNum(n);
          setPageSize(size);
        }}
        loading={list.isLoading}
        error={list.error}
        testId="notice-readers-table"
      />
    </Dialog>
  );
}
