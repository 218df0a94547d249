import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface FileObjectTable {
  file_id: string;
  original_name: string;
  file_type: string;
  size: number;
  content_hash: string;
  storage_key: string;
  owner_user_id: number;
  created_at: Defaulted<Date>;
  deleted_at: Date | null;
}

export interface FileUploadTable {
  upload_id: string;
  owner_user_id: number;
  file_name: string;
  file_size: number | null;
  file_hash: string | null;
  chunk_total: number | null;
  chunk_size: number | null;
  status: Defaulted<'uploading' | 'completing' | 'complete'>;
  file_id: string | null;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
  claimed_at: Date | null;
}

export interface FileUploadPartTable {
  upload_id: string;
  part_num: number;
  size: number;
  md5: string;
  storage_key: string;
  created_at: Defaulted<Date>;
}

/** The tables of migration 0020_files. */
export interface FileTables {
  file_object: FileObjectTable;
  file_upload: FileUploadTable;
  file_upload_part: FileUploadPartTable;
}
