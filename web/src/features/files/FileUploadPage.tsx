import { useState } from 'react';
import { z } from 'zod';
import { useSession } from '../../app/hooks';
import { PageCard } from '../../components/ui/Page';
import { BigUpload, FileUpload, type UploadedFileRecord } from '../../components/upload';

const recordSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  filePath: z.string(),
  fileType: z.string(),
  isPdf: z.boolean(),
  hasView: z.boolean(),
  isUpload: z.boolean(),
  size: z.number().optional(),
});

/** The files a person uploaded here, kept in this browser so the list outlives a reload. */
function useRememberedFiles(key: string) {
  const [files, setFiles] = useState<UploadedFileRecord[]>(() => {
    try {
      const parsed = z.array(recordSchema).safeParse(JSON.parse(localStorage.getItem(key) ?? '[]'));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  });
  const update = (next: UploadedFileRecord[]) => {
    setFiles(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage refused: the list lasts as long as the page.
    }
  };
  return [files, update] as const;
}

/**
 * 文件管理 › 文件上传: the shell's large-file uploader (1 MiB chunks, 4 at a time) and the
 * ordinary attachment upload, each with its list of stored files to preview and download.
 */
export function FileUploadPage() {
  const { session } = useSession();
  const user = String(session.userInfo?.userId ?? session.userName);
  const [large, setLarge] = useRememberedFiles(`dpms.fileCenter.${user}.large`);
  const [small, setSmall] = useRememberedFiles(`dpms.fileCenter.${user}.form`);
  return (
    <div className="flex flex-col gap-4">
      <PageCard title="大文件上传">
        <p className="mb-3 text-sm text-muted">
          大文件分片上传（每片 1MB，4
          片并行），支持暂停、继续、失败重试；页面刷新后重新选择同一文件即可从断点继续。
        </p>
        <BigUpload profile="shell" value={large} onChange={setLarge} />
      </PageCard>
      <PageCard title="附件上传">
        <FileUpload value={small} onChange={setSmall} testId="form-upload" />
      </PageCard>
    </div>
  );
}
