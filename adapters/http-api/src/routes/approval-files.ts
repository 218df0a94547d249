import {
  FILE_FIELD_TYPES,
  type ContentEntry,
  type TemplateContent,
  type TemplateFile,
  type TemplateSection,
} from '@dpms/core';
import type { Principal } from '../identity/principal.js';
import {
  fileView,
  referenceListView,
  type FileReferences,
  type SentFile,
} from './file-references.js';

/** Fields that show stored PDFs by address: their value is a comma list of file references. */
const PREVIEW_TYPES: readonly string[] = ['previewpdf', 'previewpdfs'];

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isFileList = (v: unknown): v is readonly Readonly<Record<string, unknown>>[] =>
  Array.isArray(v) && v.length > 0 && v.every(isRecord);

const referencesOf = (field: string, value: string) =>
  value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((reference) => ({ field, reference }));

/** What a create or update of an approval sends that names files. */
export interface ApprovalFilesInput {
  readonly content: TemplateContent;
  readonly files?: readonly TemplateFile[] | undefined;
  readonly templateContent?: readonly TemplateSection[] | undefined;
}

/** The ids an approval already carries: the drafter may keep them (and others' files on it). */
export function attachedFileIds(approval: {
  readonly content: TemplateContent;
  readonly files: readonly TemplateFile[];
}): Set<string> {
  const ids = new Set<string>();
  const add = (f: unknown) => {
    if (isRecord(f) && typeof f['fileId'] === 'string') ids.add(f['fileId']);
  };
  approval.files.forEach(add);
  for (const entry of Object.values(approval.content)) {
    if (Array.isArray(entry.value)) (entry.value as readonly unknown[]).forEach(add);
  }
  return ids;
}

/**
 * The body of an approval create or update with every file it names checked and reduced to its
 * id and stored name: the attachments, the upload fields' files, the PDF preview
 * fields' references and a sent template's `signurl`. Refuses naming the field otherwise.
 */
export async function checkApprovalFiles<T extends ApprovalFilesInput>(
  body: T,
  refs: FileReferences,
  principal: Principal,
  attached: ReadonlySet<string> = new Set(),
): Promise<T> {
  const files =
    body.files === undefined
      ? undefined
      : await refs.resolve(
          body.files.map((file, i): SentFile => ({ field: `files[${i}]`, file: { ...file } })),
          principal,
          attached,
        );
  const content: Record<string, ContentEntry> = {};
  for (const [refname, entry] of Object.entries(body.content)) {
    const field = `content.${refname}.value`;
    const value = entry.value;
    const fileField = FILE_FIELD_TYPES.includes(entry.type) && Array.isArray(value);
    if (isFileList(value) || (fileField && (value as readonly unknown[]).length > 0)) {
      // A bare string in a file list is read as what it claims to be: an id or an address.
      const sent = (value as readonly unknown[]).map((item, i): SentFile => ({
        field: `${field}[${i}]`,
        file: isRecord(item) ? item : { url: typeof item === 'string' ? item : '' },
      }));
      content[refname] = { ...entry, value: await refs.resolve(sent, principal, attached) };
    } else if (PREVIEW_TYPES.includes(entry.type) && typeof value === 'string') {
      await refs.resolveReferences(referencesOf(field, value), principal, attached);
      content[refname] = entry;
    } else {
      content[refname] = entry;
    }
  }
  if (body.templateContent !== undefined) {
    for (const [s, section] of body.templateContent.entries()) {
      for (const [i, f] of section.fields.entries()) {
        const at = `templateContent[${s}].fields[${i}]`;
        if (typeof f.signurl === 'string' && f.signurl !== '') {
          await refs.resolveReferences(
            referencesOf(`${at}.signurl`, f.signurl),
            principal,
            attached,
          );
        }
        if (PREVIEW_TYPES.includes(f.type) && typeof f.value === 'string' && f.value !== '') {
          await refs.resolveReferences(referencesOf(`${at}.value`, f.value), principal, attached);
        }
      }
    }
  }
  return { ...body, content, ...(files === undefined ? {} : { files }) };
}

/** A content map as answers show it: files with server-built addresses, previews by address. */
function contentView(content: TemplateContent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [refname, entry] of Object.entries(content)) {
    const value: unknown = entry.value;
    if ((FILE_FIELD_TYPES.includes(entry.type) && Array.isArray(value)) || isFileList(value)) {
      out[refname] = {
        ...entry,
        value: (value as readonly unknown[]).filter(isRecord).map(fileView),
      };
    } else if (PREVIEW_TYPES.includes(entry.type) && typeof value === 'string') {
      out[refname] = { ...entry, value: referenceListView(value) };
    } else {
      out[refname] = entry;
    }
  }
  return out;
}

/** A template's sections as answers show them: `signurl` and preview values by address only. */
function sectionsView(sections: readonly TemplateSection[] | null): unknown {
  if (sections === null) return null;
  return sections.map((s) => ({
    ...s,
    fields: s.fields.map((f) => ({
      ...f,
      ...(typeof f.signurl === 'string' ? { signurl: referenceListView(f.signurl) } : {}),
      ...(PREVIEW_TYPES.includes(f.type) && typeof f.value === 'string'
        ? { value: referenceListView(f.value) }
        : {}),
    })),
  }));
}

/**
 * An approval detail as the API answers it: every stored file and file reference becomes the
 * download address the server builds; whatever was stored as an address is not passed on.
 */
export function approvalDetailView<
  D extends {
    readonly attachmentList: readonly TemplateFile[];
    readonly imgFiles: readonly TemplateFile[];
    readonly sealImagesList: readonly TemplateFile[];
    readonly approval: {
      readonly content: TemplateContent;
      readonly files: readonly TemplateFile[];
      readonly templateContent: readonly TemplateSection[] | null;
    };
  },
>(detail: D): D {
  const files = (list: readonly TemplateFile[]) => list.map((f) => fileView({ ...f }));
  return {
    ...detail,
    attachmentList: files(detail.attachmentList),
    imgFiles: files(detail.imgFiles),
    sealImagesList: files(detail.sealImagesList),
    approval: {
      ...detail.approval,
      content: contentView(detail.approval.content),
      files: files(detail.approval.files),
      templateContent: sectionsView(detail.approval.templateContent),
    },
  };
}
