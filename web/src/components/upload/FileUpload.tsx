import {
  applyFileLimit,
  createUploadRecord,
  partitionByUploadType,
  transitionUploadRecord,
  type UploadRecord,
  type UploadRecordEvent,
  type UploadPurpose,
} from '@dpms/core';
import { errorMessage, type StoredFile } from '@dpms/http-client';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../ui/Button';
import { FileList } from './FileList';
import { toUploadedFileRecord, type UploadedFileRecord } from './file-record';
import { UPLOAD_UI_MESSAGES as M } from './messages';
import { ProgressBar } from './ProgressBar';
import { useReportUploading } from './upload-activity';
import { useFileServices } from './useFileServices';

export interface FileUploadProps {
  value: readonly UploadedFileRecord[];
  onChange: (files: UploadedFileRecord[]) => void;
  disabled?: boolean;
  /** Maximum count (000 §5): 1 makes the field single; 0 or none is unlimited. */
  limit?: number;
  /** Allowed extensions; the spec's list by default. */
  accept?: readonly string[];
  /** What the files are for, told to the server (`result` admits CAD drawings). */
  purpose?: UploadPurpose;
  /** Reports the uploads in progress or failed, so a form can ask before giving them up. */
  onRecordsChange?: (records: readonly UploadRecord<File, StoredFile>[]) => void;
  testId?: string;
}

let nextUid = 1;

/**
 * The ordinary attachment field (POST /common/upload): each picked file is checked for type and
 * count, sent in one request with its progress, and added to the value once stored. A failed
 * one stays with 重试 and 移除.
 */
export function FileUpload({
  value,
  onChange,
  disabled,
  limit,
  accept,
  purpose,
  onRecordsChange,
  testId = 'file-upload',
}: FileUploadProps) {
  const { files, feedback } = useFileServices();
  const [records, setRecords] = useState<readonly UploadRecord<File, StoredFile>[]>([]);
  const recordsRef = useRef(records);
  const valueRef = useRef(value);
  valueRef.current = value;
  const picker = useRef<HTMLInputElement>(null);
  useReportUploading(records.some((r) => r.status !== 'fail' && r.status !== 'success'));

  const apply = (uid: string | number, event: UploadRecordEvent<StoredFile>) => {
    const next = recordsRef.current.flatMap((r) => {
      if (r.uid !== uid) return [r];
      const moved = transitionUploadRecord(r, event);
      return [moved.ok ? moved.value : r];
    });
    recordsRef.current = next;
    setRecords(next);
    onRecordsChange?.(next);
    return next.find((r) => r.uid === uid);
  };

  const send = async (record: UploadRecord<File, StoredFile>) => {
    if (!record.raw) return;
    apply(record.uid, { type: 'start' });
    try {
      const stored = await files.uploadFile(record.raw, record.name, {
        ...(purpose === undefined ? {} : { purpose }),
        onProgress: (loaded, total) =>
          apply(record.uid, { type: 'progress', percentage: total ? (loaded / total) * 99 : 0 }),
      });
      apply(record.uid, { type: 'succeed', url: stored.url, response: stored });
      const added = applyFileLimit(valueRef.current, [toUploadedFileRecord(stored)], limit);
      const list = added.ok ? [...added.value] : [...valueRef.current];
      valueRef.current = list;
      onChange(list);
      // A stored file lives in the value now; the record has done its job.
      const rest = recordsRef.current.filter((r) => r.uid !== record.uid);
      recordsRef.current = rest;
      setRecords(rest);
      onRecordsChange?.(rest);
    } catch (error) {
      apply(record.uid, { type: 'fail' });
      feedback.error(errorMessage(error));
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length === 0) return;
    const { accepted, refused } = partitionByUploadType(picked, accept);
    for (const error of refused) feedback.error(error.message);
    if (accepted.length === 0) return;
    const busy = recordsRef.current.filter((r) => r.status !== 'fail').length;
    const counted = [...valueRef.current, ...Array.from({ length: busy }, () => null)];
    const allowed = applyFileLimit<unknown>(counted, accepted, limit);
    if (!allowed.ok) {
      feedback.error(allowed.error.message);
      return;
    }
    const created = accepted.map((file) =>
      createUploadRecord<File, StoredFile>({
        uid: `f${nextUid++}`,
        name: file.name,
        size: file.size,
        raw: file,
      }),
    );
    recordsRef.current = [...recordsRef.current, ...created];
    setRecords(recordsRef.current);
    onRecordsChange?.(recordsRef.current);
    for (const record of created) void send(record);
  };

  const remove = (uid: string | number) => {
    const rest = recordsRef.current.filter((r) => r.uid !== uid);
    recordsRef.current = rest;
    setRecords(rest);
    onRecordsChange?.(rest);
  };

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div className="flex items-center gap-2">
        <Button size="sm" disabled={disabled} onClick={() => picker.current?.click()}>
          {M.chooseFile}
        </Button>
        <span className="text-xs text-muted">{M.dropHint}</span>
        <input
          ref={picker}
          type="file"
          className="hidden"
          multiple={limit !== 1}
          disabled={disabled}
          data-testid={`${testId}-input`}
          onChange={onPick}
        />
      </div>
      {records.length > 0 && (
        <ul className="flex flex-col gap-1.5" data-testid={`${testId}-records`}>
          {records.map((record) => (
            <li key={record.uid} className="flex flex-col gap-1" data-status={record.status}>
              <div className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">{record.name}</span>
                <span
                  className={`text-xs ${record.status === 'fail' ? 'text-danger-600' : 'text-ink-soft'}`}
                >
                  {record.status === 'fail' ? M.statusFail : M.statusUpload}
                </span>
                {record.status === 'fail' && (
                  <>
                    <Button
                      size="sm"
                      variant="text"
                      onClick={() => {
                        const back = apply(record.uid, { type: 'retry' });
                        if (back) void send(back);
                      }}
                    >
                      {M.retry}
                    </Button>
                    <Button
                      size="sm"
                      variant="text"
                      className="text-danger-600!"
                      onClick={() => remove(record.uid)}
                    >
                      {M.remove}
                    </Button>
                  </>
                )}
              </div>
              <ProgressBar
                percent={record.percentage}
                tone={record.status === 'fail' ? 'danger' : 'brand'}
                label={record.name}
              />
            </li>
          ))}
        </ul>
      )}
      <FileList
        files={value}
        disabled={disabled ?? false}
        onRemove={(file) => onChange(value.filter((f) => f !== file))}
        testId={`${testId}-list`}
      />
    </div>
  );
}
