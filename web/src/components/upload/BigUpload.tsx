import { applyFileLimit } from '@dpms/core';
import { useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { useSession } from '../../app/hooks';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import {
  BigUploadQueue,
  entryPercent,
  overallPercent,
  type BigUploadProfile,
  type Md5Hasher,
  type UploadEntry,
} from './big-upload-queue';
import { FileList } from './FileList';
import { formatSize, toUploadedFileRecord, type UploadedFileRecord } from './file-record';
import { sparkMd5Hasher } from './md5';
import { UPLOAD_UI_MESSAGES as M } from './messages';
import { PendingUploadStore, type SimpleStorage } from './pending-uploads';
import { ProgressBar } from './ProgressBar';
import { useReportUploading } from './upload-activity';
import { useFileServices } from './useFileServices';

export interface BigUploadProps {
  /** 'shell': 1 MiB chunks, 4 at a time; 'contract': 10 MiB, 3 at a time (000 §9, 001 §9). */
  profile: BigUploadProfile;
  value: readonly UploadedFileRecord[];
  onChange: (files: UploadedFileRecord[]) => void;
  disabled?: boolean;
  /** Maximum count (000 §5): 1 makes the field single; 0 or none is unlimited. */
  limit?: number;
  /** Allowed extensions; the spec's list by default. */
  accept?: readonly string[];
  /** Replaces the MD5 implementation (tests). */
  hasher?: Md5Hasher;
}

const localStorageOrNone = (): SimpleStorage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

const STATUS_TEXT: Record<UploadEntry['phase'], string> = {
  ready: M.statusReady,
  hashing: M.statusHashing,
  upload: M.statusUpload,
  paused: M.statusPaused,
  ending: M.statusEnding,
  success: M.statusSuccess,
  fail: M.statusFail,
  needsFile: M.statusNeedsFile,
};

/**
 * The large-file field: a button that opens the upload dialog, a notice for uploads left
 * unfinished by a reload, and the list of stored files. Files go through {@link BigUploadQueue}.
 */
export function BigUpload({
  profile,
  value,
  onChange,
  disabled,
  limit,
  accept,
  hasher,
}: BigUploadProps) {
  const { files, feedback } = useFileServices();
  const { session } = useSession();
  const userKey = String(session.userInfo?.userId ?? (session.userName || 'anonymous'));
  const valueRef = useRef(value);
  valueRef.current = value;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const [queue] = useState(() => {
    const storage = localStorageOrNone();
    return new BigUploadQueue({
      profile,
      gateway: files,
      hasher: hasher ?? sparkMd5Hasher,
      ...(storage ? { pending: new PendingUploadStore(storage, userKey) } : {}),
      ...(accept ? { accept } : {}),
      onUploaded: (stored) => {
        const record = toUploadedFileRecord(stored);
        const next = applyFileLimit(valueRef.current, [record], limit);
        // Checked before adding too; a file finished past the limit still replaces a single one.
        const list = next.ok ? next.value : [...valueRef.current, record];
        valueRef.current = list;
        onChangeRef.current([...list]);
      },
    });
  });
  useEffect(() => () => queue.dispose(), [queue]);
  const entries = useSyncExternalStore(queue.subscribe, queue.snapshot);
  const [open, setOpen] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const repicker = useRef<HTMLInputElement>(null);
  const [repickKey, setRepickKey] = useState<string | null>(null);

  const waiting = entries.filter((e) => e.phase === 'needsFile');
  const canClose = queue.canClose();
  useReportUploading(!canClose);

  const tryClose = async () => {
    if (!queue.canClose()) {
      feedback.warning(M.stillUploading);
      return;
    }
    const question = queue.failedConfirmation();
    if (question) {
      const giveUp = await feedback.confirm({ message: question, title: M.giveUpTitle });
      if (!giveUp) return;
      queue.removeFailed();
    }
    queue.clearFinished();
    setOpen(false);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length === 0) return;
    const queued = entries.filter((e) => e.phase !== 'success' && e.phase !== 'fail').length;
    // Files still in the dialog count against the limit as much as the stored ones.
    const counted = [...valueRef.current, ...Array.from({ length: queued }, () => null)];
    const allowed = applyFileLimit<unknown>(counted, picked, limit);
    if (!allowed.ok) {
      feedback.error(allowed.error.message);
      return;
    }
    for (const refused of queue.add(picked)) feedback.error(refused.message);
  };

  const onRepick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !repickKey) return;
    const refused = queue.repick(repickKey, file);
    if (refused) feedback.error(refused);
    setRepickKey(null);
  };

  return (
    <div className="flex flex-col gap-2" data-testid="big-upload" data-profile={profile}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" disabled={disabled} onClick={() => setOpen(true)}>
          {M.uploadButton}
        </Button>
        <span className="text-xs text-muted">{M.dropHint}</span>
      </div>
      {waiting.length > 0 && !open && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-control border border-warn-500 bg-warn-50 px-3 py-2 text-sm text-warn-600"
          data-testid="big-upload-pending"
          role="status"
        >
          <span>
            有 {waiting.length} 个文件上传未完成：{waiting.map((e) => e.item.name).join('、')}
          </span>
          <Button size="sm" onClick={() => setOpen(true)} disabled={disabled}>
            继续上传
          </Button>
        </div>
      )}
      <FileList
        files={value}
        disabled={disabled ?? false}
        onRemove={(file) => onChange(value.filter((f) => f !== file))}
      />
      <Dialog
        open={open}
        onClose={() => void tryClose()}
        title={M.bigUploadTitle}
        width={720}
        closeOnClickOutside={canClose}
        showClose
        testId="big-upload-dialog"
        footer={
          <Button variant="primary" disabled={!canClose} onClick={() => void tryClose()}>
            {M.confirm}
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => picker.current?.click()} disabled={disabled}>
              {M.chooseFile}
            </Button>
            <span className="text-xs text-muted">{M.dropHint}</span>
            <input
              ref={picker}
              type="file"
              multiple={limit !== 1}
              className="hidden"
              data-testid="big-upload-input"
              onChange={onPick}
            />
            <input
              ref={repicker}
              type="file"
              className="hidden"
              data-testid="big-upload-repick-input"
              onChange={onRepick}
            />
          </div>
          {entries.length > 0 && (
            <div className="flex flex-col gap-1">
              <span className="text-sm text-ink-soft">{M.overall}</span>
              <ProgressBar
                percent={overallPercent(entries)}
                label={M.overall}
                testId="big-upload-overall"
              />
            </div>
          )}
          <ul className="flex flex-col divide-y divide-line" data-testid="big-upload-entries">
            {entries.map((entry) => (
              <EntryRow
                key={entry.key}
                entry={entry}
                onPause={() => queue.pause(entry.key)}
                onResume={() => queue.resume(entry.key)}
                onRetry={() => queue.retry(entry.key)}
                onRemove={() => queue.remove(entry.key)}
                onRepick={() => {
                  setRepickKey(entry.key);
                  repicker.current?.click();
                }}
              />
            ))}
          </ul>
        </div>
      </Dialog>
    </div>
  );
}

function EntryRow({
  entry,
  onPause,
  onResume,
  onRetry,
  onRemove,
  onRepick,
}: {
  entry: UploadEntry;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onRemove: () => void;
  onRepick: () => void;
}) {
  const { phase } = entry;
  const percent =
    phase === 'hashing' && entry.item.size > 0
      ? (entry.hashedBytes / entry.item.size) * 100
      : entryPercent(entry);
  const tone =
    phase === 'success'
      ? 'success'
      : phase === 'fail'
        ? 'danger'
        : phase === 'paused'
          ? 'muted'
          : 'brand';
  return (
    <li
      className="flex flex-col gap-1.5 py-2.5"
      data-testid="big-upload-entry"
      data-file={entry.item.name}
      data-phase={phase}
      data-chunks-done={entry.chunksDone}
      data-chunk-total={entry.chunkTotal}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 flex-1 truncate text-ink" title={entry.item.name}>
          {entry.item.name}
        </span>
        <span className="text-xs text-muted tabular-nums">{formatSize(entry.item.size)}</span>
        <span
          className={`text-xs ${phase === 'fail' ? 'text-danger-600' : phase === 'success' ? 'text-success-600' : 'text-ink-soft'}`}
          data-testid="big-upload-status"
        >
          {STATUS_TEXT[phase]}
        </span>
        <span className="flex gap-1">
          {phase === 'upload' && (
            <Button size="sm" variant="text" onClick={onPause}>
              {M.pause}
            </Button>
          )}
          {phase === 'paused' && (
            <Button size="sm" variant="text" onClick={onResume}>
              {M.resume}
            </Button>
          )}
          {phase === 'fail' && (
            <Button size="sm" variant="text" onClick={onRetry}>
              {M.retry}
            </Button>
          )}
          {phase === 'needsFile' && (
            <Button size="sm" variant="text" onClick={onRepick}>
              {M.repick}
            </Button>
          )}
          {(phase === 'ready' ||
            phase === 'paused' ||
            phase === 'fail' ||
            phase === 'needsFile') && (
            <Button size="sm" variant="text" className="text-danger-600!" onClick={onRemove}>
              {M.remove}
            </Button>
          )}
        </span>
      </div>
      <ProgressBar
        percent={percent}
        tone={tone}
        label={`${entry.item.name} ${STATUS_TEXT[phase]}`}
        testId="big-upload-progress"
      />
      {entry.error && (
        <p role="alert" className="text-xs text-danger-600">
          {entry.error}
        </p>
      )}
    </li>
  );
}
