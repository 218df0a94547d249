import {
  canCloseUploadDialog,
  failedUploadsConfirmation,
  RESULT_FILE_MEMO_MAX,
  RESULT_FILE_NAME_MAX,
  RESULT_UPLOAD_TYPES,
  validateResultFileForm,
  type UploadRecord,
} from '@dpms/core';
import { errorMessage, type StoredFile } from '@dpms/http-client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import type { UploadedFileRecord } from './file-record';
import { FileUpload } from './FileUpload';
import { UPLOAD_UI_MESSAGES as M } from './messages';
import { useFileServices } from './useFileServices';

export interface ResultFileSubmission {
  fileName: string;
  fileProp: string;
  memo: string;
  file: UploadedFileRecord;
}

export interface ResultFileFormProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (form: ResultFileSubmission) => Promise<void> | void;
  /** The choices of 文件类型 (fileProp), e.g. from a dictionary; the field hides without them. */
  fileProps?: readonly { label: string; value: string }[];
  title?: string;
}

/**
 * The result-file form (000 §3, §5): one file, a file name ('请输入文件名称') and an attachment
 * ('请上传附件') required, with its type and a note. It cannot close while the file uploads.
 */
export function ResultFileForm({
  open,
  onClose,
  onSubmit,
  fileProps = [],
  title = M.resultFileTitle,
}: ResultFileFormProps) {
  const { feedback } = useFileServices();
  const [fileName, setFileName] = useState('');
  const [fileProp, setFileProp] = useState('');
  const [memo, setMemo] = useState('');
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [records, setRecords] = useState<readonly UploadRecord<File, StoredFile>[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setFileName('');
    setFileProp('');
    setMemo('');
    setFiles([]);
    setRecords([]);
    setErrors({});
  };

  const close = () => {
    if (!canCloseUploadDialog(records)) {
      feedback.warning(M.stillUploading);
      return;
    }
    reset();
    onClose();
  };

  const submit = async () => {
    if (!canCloseUploadDialog(records)) {
      feedback.warning(M.stillUploading);
      return;
    }
    const failed = records.filter((r) => r.status === 'fail');
    const question = failedUploadsConfirmation(failed);
    if (question && !(await feedback.confirm({ message: question, title: M.giveUpTitle }))) return;
    const fileList = files.map((f) => ({ ...f, status: 'success' }));
    const checked = validateResultFileForm({ fileName, fileProp, memo, fileList });
    if (!checked.ok) {
      setErrors({ [checked.error.field ?? 'form']: checked.error.message });
      return;
    }
    const file = files[0];
    if (!file) return;
    setErrors({});
    setSaving(true);
    try {
      await onSubmit({
        fileName: checked.value.fileName,
        fileProp: checked.value.fileProp,
        memo: checked.value.memo,
        file,
      });
      reset();
      onClose();
    } catch (error) {
      feedback.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      closeOnClickOutside={false}
      testId="result-file-form"
      footer={
        <>
          <Button onClick={close}>{M.cancel}</Button>
          <Button variant="primary" loading={saving} onClick={() => void submit()}>
            {M.confirm}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={M.fileName} required error={errors['fileName']}>
          <input
            className="input"
            name="fileName"
            value={fileName}
            maxLength={RESULT_FILE_NAME_MAX}
            placeholder="请输入文件名称"
            onChange={(e) => setFileName(e.target.value)}
          />
        </Field>
        {fileProps.length > 0 && (
          <Field label={M.fileProp}>
            <select
              className="input"
              name="fileProp"
              value={fileProp}
              onChange={(e) => setFileProp(e.target.value)}
            >
              <option value="">请选择</option>
              {fileProps.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label={M.attachment} required error={errors['fileList']}>
          <FileUpload
            value={files}
            onChange={setFiles}
            limit={1}
            // A result may be a CAD drawing (dwg, dxf) besides the general types.
            accept={RESULT_UPLOAD_TYPES}
            purpose="result"
            onRecordsChange={setRecords}
            testId="result-file-upload"
          />
        </Field>
        <Field label={M.memo} error={errors['memo']}>
          <textarea
            className="input h-auto! min-h-24 py-2"
            name="memo"
            rows={5}
            maxLength={RESULT_FILE_MEMO_MAX}
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
