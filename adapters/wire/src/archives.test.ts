import { describe, expect, it } from 'vitest';
import {
  archiveAddBody,
  archiveBorrowBody,
  archiveBorrowFormBody,
  archivePage,
  borrowAnswer,
} from './archives.js';
import { contractDocumentAnswer, contractDocumentSaveBody } from './contract-document.js';
import { aBorrowRecord, aContractDocument, anArchiveRow } from './testing.js';

const messages = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the archives wire contract carries core’s rules', () => {
  it('names every borrowing field’s problem at once, in core’s words', () => {
    const r = archiveBorrowBody.safeParse({
      archiveId: 2,
      purpose: '',
      startDate: '2026-12-10',
      endDate: '2026-12-01',
      pledge: '密'.repeat(1201),
    });
    expect(messages(r)).toEqual({
      purpose: '借阅目的不能为空',
      pledge: '保密承诺不能超过1200个字符',
      endDate: '借阅结束日期不能早于开始日期',
    });
  });

  it('checks “not before today” only where the institute’s day is known (the form)', () => {
    const past = {
      archiveId: 2,
      purpose: '复核',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      pledge: '承诺',
    };
    expect(archiveBorrowBody.safeParse(past).success).toBe(true);
    expect(messages(archiveBorrowFormBody('2026-11-22').safeParse(past))).toEqual({
      startDate: '借阅开始日期不能早于今天',
    });
  });

  it('requires an archive’s name and file when registering it', () => {
    expect(messages(archiveAddBody.safeParse({ archiveName: ' ', memo: 'm'.repeat(501) }))).toEqual(
      {
        archiveName: '档案名称不能为空',
        fileId: '档案文件不能为空',
        memo: '备注不能超过500个字符',
      },
    );
  });

  it('reads the answers it documents', () => {
    expect(
      archivePage.safeParse({ code: 200, msg: '', total: 1, rows: [anArchiveRow()] }).success,
    ).toBe(true);
    expect(borrowAnswer.safeParse({ code: 200, msg: '', data: aBorrowRecord() }).success).toBe(
      true,
    );
    expect(
      borrowAnswer.safeParse({ code: 200, msg: '', data: { ...aBorrowRecord(), state: 'lost' } })
        .success,
    ).toBe(false);
  });
});

describe('the contract documents’ wire contract carries core’s rules', () => {
  it('a draft checks only what is filled; a submit also what a printed contract needs, party A aside', () => {
    expect(contractDocumentSaveBody.safeParse({ docType: 8 }).success).toBe(true);
    const submit = messages(contractDocumentSaveBody.safeParse({ docType: 8, submit: true }));
    expect(submit).toMatchObject({ signByMain: '请输入乙方', signDate: '请选择签订日期' });
    // Party A comes from the company settings on the server: never the sender's problem.
    expect(Object.keys(submit)).not.toContain('signBySub');
    expect(
      messages(contractDocumentSaveBody.safeParse({ docType: 8, signDate: '2026-02-30' })),
    ).toHaveProperty('signDate');
    expect(messages(contractDocumentSaveBody.safeParse({ docType: 4 }))).toEqual({
      docType: '合同类型只能是 1、2、3、6、7、8',
    });
  });

  it('reads the document it answers', () => {
    expect(
      contractDocumentAnswer.safeParse({ code: 200, msg: '', data: aContractDocument() }).success,
    ).toBe(true);
  });
});
