import type { OwnFile } from '@dpms/http-client';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField } from '../../components/ui/Page';
import {
  BigUpload,
  downloadFile,
  FileUpload,
  formatSize,
  toUploadedFileRecord,
  useFilePreview,
  type UploadedFileRecord,
} from '../../components/upload';
import { RowActions } from '../../components/table/RowActions';

/** Where a file is linked, as one line: 合同文件（滨江科创园…）; 未关联 when nowhere. */
export const usesText = (uses: OwnFile['uses']): string =>
  uses.length === 0
    ? '未关联'
    : uses.map((u) => (u.record ? `${u.what}（${u.record}）` : u.what)).join('；');

/**
 * 文件管理 › 文件上传: the shell's large-file uploader (1 MiB chunks, 4 at a time) and the
 * ordinary attachment upload, then 我的文件: every file this person uploaded, anywhere in the
 * system, read from the server (so any browser shows the same list), with where each is linked,
 * to preview (png, jpg, jpeg, pdf) and download.
 */
export function FileUploadPage() {
  const files = useService(TOKENS.FileGateway);
  const preview = useFilePreview();
  const list = useListQuery('own-files', { fileName: '' }, (q) =>
    files.listMine({ fileName: q.fileName, pageNum: q.pageNum, pageSize: q.pageSize }),
  );
  // This visit's uploads, shown under their uploader until the list below holds them.
  const [large, setLarge] = useState<UploadedFileRecord[]>([]);
  const [small, setSmall] = useState<UploadedFileRecord[]>([]);
  const uploaded = (set: (next: UploadedFileRecord[]) => void) => (next: UploadedFileRecord[]) => {
    set(next);
    list.refetch();
  };
  const columns: Column<OwnFile>[] = [
    {
      key: 'originalFilename',
      title: '文件名',
      render: (f) => (
        <span className="block max-w-80 truncate" title={f.originalFilename}>
          {f.originalFilename}
        </span>
      ),
    },
    { key: 'size', title: '大小', width: 90, align: 'right', render: (f) => formatSize(f.size) },
    { key: 'createTime', title: '上传时间', width: 150 },
    {
      key: 'uses',
      title: '关联',
      render: (f) => (
        <span className="block max-w-96 truncate" title={usesText(f.uses)}>
          {usesText(f.uses)}
        </span>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (f) => {
        const record = toUploadedFileRecord(f);
        return (
          <RowActions>
            {record.hasView && (
              <Button size="sm" variant="text" onClick={() => void preview.open(record)}>
                预览
              </Button>
            )}
            <Button size="sm" variant="text" onClick={() => void downloadFile(f.url)}>
              下载
            </Button>
          </RowActions>
        );
      },
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageCard title="大文件上传">
        <p className="mb-3 text-sm text-muted">
          大文件分片上传（每片 1MB，4
          片并行），支持暂停、继续、失败重试；页面刷新后重新选择同一文件即可从断点继续。
        </p>
        <BigUpload profile="shell" value={large} onChange={uploaded(setLarge)} />
      </PageCard>
      <PageCard title="附件上传">
        <FileUpload value={small} onChange={uploaded(setSmall)} testId="form-upload" />
      </PageCard>
      <PageCard title="我的文件">
        <SearchBar onSearch={list.search} onReset={list.reset}>
          <SearchField label="文件名">
            <input
              className="input"
              placeholder="请输入文件名"
              value={list.draft.fileName}
              onChange={(e) => list.setDraft({ fileName: e.target.value })}
            />
          </SearchField>
        </SearchBar>
        <DataTable {...list.table} columns={columns} rowKey="fileId" testId="own-files" />
      </PageCard>
      {preview.dialog}
    </div>
  );
}
