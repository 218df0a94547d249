import { API_BASE } from '@dpms/http-client';
import type { TemplateFile } from '@dpms/core';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** The name a stored file shows. */
export const fileNameOf = (f: TemplateFile): string => f.name ?? f.fileName ?? f.fileId ?? '';

/** The address a stored file is read from (the server's id, never a client path). */
export function fileUrlOf(f: TemplateFile & { url?: string }): string {
  if (f.url) return f.url;
  if (f.fileId) return `${API_BASE}/common/download/resource?resource=${f.fileId}`;
  return f.filePath ?? '';
}

/**
 * Reading stored form attachments: an authorised fetch of a stored file into an object URL, for
 * preview and download (uploads go through the shared uploader).
 */
export function useApprovalFiles() {
  const tokens = useService(TOKENS.TokenStorage);
  const objectUrl = async (f: TemplateFile): Promise<string> => {
    const url = fileUrlOf(f);
    if (/^https?:/.test(url)) return url;
    const token = tokens.get();
    const res = await fetch(url, {
      headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`文件读取失败（${res.status}）`);
    return URL.createObjectURL(await res.blob());
  };
  const download = async (f: TemplateFile): Promise<void> => {
    const href = await objectUrl(f);
    const a = document.createElement('a');
    a.href = href;
    a.download = fileNameOf(f);
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return { objectUrl, download };
}
