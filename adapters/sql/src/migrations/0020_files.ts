import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * Files the server issued and the state of chunked uploads (DESIGN §6, §9): in the database, so
 * any API instance can take any chunk and a restarted one resumes where the last left off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    `create table file_object (
      file_id char(32) primary key,
      original_name varchar(255) not null,
      file_type varchar(10) not null,
      size bigint not null check (size >= 0),
      content_hash varchar(64) not null,
      storage_key varchar(200) not null,
      owner_user_id integer not null,
      created_at timestamptz not null default now(),
      deleted_at timestamptz)`,
    `create index file_object_owner on file_object (owner_user_id, created_at) where deleted_at is null`,

    `create table file_upload (
      upload_id char(32) primary key,
      owner_user_id integer not null,
      file_name varchar(255) not null,
      file_size bigint check (file_size >= 0),
      file_hash varchar(64),
      chunk_total integer check (chunk_total >= 1),
      chunk_size bigint check (chunk_size >= 1),
      status varchar(12) not null default 'uploading'
        check (status in ('uploading', 'completing', 'complete')),
      file_id char(32) references file_object (file_id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      claimed_at timestamptz)`,
    // The sweeper's scan: oldest untouched uploads first.
    `create index file_upload_updated on file_upload (updated_at)`,

    `create table file_upload_part (
      upload_id char(32) not null references file_upload (upload_id) on delete cascade,
      part_num integer not null check (part_num between 1 and 100000),
      size bigint not null check (size >= 0),
      md5 char(32) not null,
      storage_key varchar(200) not null,
      created_at timestamptz not null default now(),
      primary key (upload_id, part_num))`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
