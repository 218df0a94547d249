import { describe, expect, it } from 'vitest';
import { historySentence, type HistoryLine } from './history-text.js';

const line = (
  action: string,
  changes: HistoryLine['changes'] = {},
  who: Partial<HistoryLine> = {},
): HistoryLine => ({ action, changes, userName: 'jingying', ...who });

describe('historySentence', () => {
  it('says who did what, by name where the line has it, else by login', () => {
    expect(historySentence(line('add', {}, { createByName: '王经营' }), '合同')).toBe(
      '王经营 新增合同',
    );
    expect(historySentence(line('add'), '合同')).toBe('jingying 新增合同');
    expect(historySentence(line('addHistory', {}, { createByName: ' ' }), '备案')).toBe(
      'jingying 补录历史备案',
    );
  });

  it('reads a submission without its approval id', () => {
    expect(
      historySentence(
        line(
          'updateToApproval',
          { approvalId: [null, '52'], status: [-1, 0] },
          { createByName: '王经营' },
        ),
      ),
    ).toBe('王经营 提交审批');
  });

  it('reads how an approval ended', () => {
    const flow = { userName: '审批流程' };
    const ended = (status: number, stage?: string) =>
      historySentence(
        line(
          'approvalEnded',
          { status: [0, status], ...(stage ? { stage: ['contract', stage] } : {}) },
          flow,
        ),
      );
    expect(ended(1, 'formal')).toBe('审批流程 审批通过，转为正式合同');
    expect(ended(1)).toBe('审批流程 审批通过');
    expect(ended(2)).toBe('审批流程 审批驳回');
    expect(ended(3)).toBe('审批流程 审批撤回');
  });

  it('lists changed fields by their labels, amounts in 万元 as people read them', () => {
    expect(
      historySentence(
        line('update', {
          totalAmount: ['100', '1200.500000'],
          signDate: [null, '2026-05-01'],
          bizSource: ['1', '3'],
          realAmountRate: ['0.8', '0.75'],
        }),
      ),
    ).toBe(
      'jingying 修改：合同金额 100 → 1,200.5 万元；签订日期 （空） → 2026-05-01；' +
        '业务来源 市场 → 联合设计；实际金额比例 80% → 75%',
    );
  });

  it('names a long text as changed rather than quoting it', () => {
    expect(historySentence(line('update', { termsContent: ['短', '长'.repeat(40)] }))).toBe(
      'jingying 修改：合同条款 已修改',
    );
  });

  it('reads the effective switch, files and a change applied', () => {
    expect(historySentence(line('updateEffective', { effective: [false, true] }))).toBe(
      'jingying 确认合同生效',
    );
    expect(
      historySentence(line('uploadContractFiles', { contract: [null, ['a.pdf', 'b.pdf']] })),
    ).toBe('jingying 上传文件：合同文件 a.pdf、b.pdf');
    expect(historySentence(line('deleteContractFile', { design: ['c.dwg', null] }))).toBe(
      'jingying 删除文件：设计文件 c.dwg',
    );
    expect(
      historySentence(
        line('contractChange', { totalAmount: ['100', '120'] }, { userName: '审批流程' }),
      ),
    ).toBe('审批流程 合同变更审批通过，变更生效：合同金额 100 → 120 万元');
  });

  it('keeps an action it does not know, so nothing is lost', () => {
    expect(historySentence(line('somethingNew'))).toBe('jingying somethingNew');
  });
});
