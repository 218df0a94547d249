import {
  CONTRACT_DOC_TYPES,
  EMPTY_CONTRACT_DOC_VALUES,
  PRINT_READY_ATTRIBUTE,
  amountInWords,
  contractClauses,
  contractDocTitle,
  type ApprovalDetail,
  type PrintPayload,
} from '@dpms/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrintView, checkPrintPayload } from './PrintView';

const SIGN = 'data:image/png;base64,iVBORw0KGgo=';

const approval: ApprovalDetail = {
  approvalDetailBO: {
    creatorSignUrl: SIGN,
    approvalNodeList: ['部门负责人', '经营部', '财务部'].map((nodeName, i) => ({
      nodeId: String(i + 1),
      nodeName,
      content: '同意',
      approvalUserSignUrl: SIGN,
      approvalUserName: `签署人${i + 1}`,
      approvalTime: `2026-11-2${i}T10:00:00+08:00`,
    })),
    unApprovalList: [],
    currentNodeName: '',
  },
  attachmentList: [],
  sealImagesList: [],
  imgFiles: [],
  currentSignRecord: null,
};

const documentOf = (type: (typeof CONTRACT_DOC_TYPES)[number]): PrintPayload => ({
  kind: 'contractDocument',
  type,
  contractName: '',
  values: {
    ...EMPTY_CONTRACT_DOC_VALUES,
    signBySub: '华东示范建筑设计研究院有限公司',
    signByMain: '杭州图文快印有限公司',
    projectName: '滨江花园二期',
    contractName: type === 8 ? '' : `滨江花园二期${contractDocTitle(type)}`,
    fwContent: type === 8 ? '绿色建筑咨询' : type === 7 ? '效果图' : '',
    totalAmount: '12.34',
    // A stored word form is never printed as sent: the page recomputes it.
    upValue: '错误的大写',
    signDate: '2026-11-20',
  },
  approval,
  drafter: { name: '王经营', time: '2026-11-19 09:30' },
  sealImages: [],
});

describe('the print page', () => {
  it('prints every type read-only with its parties, amount in words, clauses and signatures', () => {
    for (const type of CONTRACT_DOC_TYPES) {
      const { container, unmount } = render(<PrintView payload={documentOf(type)} />);
      expect(container.querySelectorAll('input, select, textarea'), `type ${type}`).toHaveLength(0);
      const text = container.textContent ?? '';
      expect(text).toContain(contractDocTitle(type));
      expect(text).toContain('华东示范建筑设计研究院有限公司');
      expect(text).toContain('杭州图文快印有限公司');
      expect(text).toContain(amountInWords('12.34'));
      expect(text).not.toContain('错误的大写');
      for (const clause of contractClauses(type)) expect(text).toContain(clause.text);
      const rows = within(screen.getByTestId('signature-rows')).getAllByRole('row').slice(1);
      expect(rows.map((r) => r.getAttribute('data-node'))).toEqual([
        '拟稿人',
        '部门负责人',
        '经营部',
        '财务部',
      ]);
      // The 拟稿人 row carries the drafter's name and time.
      expect(rows[0]?.textContent).toContain('王经营');
      expect(rows[0]?.textContent).toContain('2026-11-19 09:30');
      expect(rows[3]?.textContent).toContain('签署人3');
      expect(rows[3]?.textContent).toContain('2026-11-22 10:00');
      if (type === 8) expect(text).toContain('绿色建筑咨询服务指导协议');
      unmount();
    }
  });

  it('prints an approval sheet: title, number, drafter, status, fields and a row per node', () => {
    render(
      <PrintView
        payload={{
          kind: 'approvalSheet',
          title: '付款合同',
          approvalNo: 'SP-7',
          creatorName: '李项目',
          createTime: '2026-11-20T09:30:00+08:00',
          statusText: '已通过',
          fields: [{ label: '合同名称', value: '滨江花园二期图文制作合同' }],
          approval,
        }}
      />,
    );
    const sheet = screen.getByTestId('approval-sheet');
    expect(sheet.textContent).toContain('SP-7');
    expect(sheet.textContent).toContain('2026-11-20 09:30');
    expect(within(sheet).getByRole('rowheader', { name: '合同名称' })).toBeTruthy();
    expect(within(sheet).getAllByRole('img')).toHaveLength(4);
  });

  it('prints the record being approved by section, who holds the waiting node and every round', () => {
    render(
      <PrintView
        payload={{
          kind: 'approvalSheet',
          title: '借款协议-建筑一所-5万元',
          approvalNo: 'SP-9',
          creatorName: '周会计',
          createTime: '2026-11-20T09:30:00+08:00',
          statusText: '审批中',
          fields: [{ label: '借款金额（万元）', value: '5' }],
          sheet: {
            recordKind: 'fund.loan',
            recordId: '3',
            source: 'record',
            title: '借款协议',
            sections: [
              {
                title: '借款信息',
                figures: [{ key: 'loanAmount', label: '借款金额', value: '5', unit: '万元' }],
              },
              {
                title: '借款额度',
                figures: [
                  {
                    key: 'borrowableAfter',
                    label: '本次借款后可借余额',
                    value: '144.5',
                    unit: '万元',
                  },
                ],
              },
            ],
          },
          waiting: [{ nodeName: '财务部', holderNames: ['钱出纳'] }],
          history: [
            {
              round: 1,
              time: '2026-11-20 09:30',
              actorName: '周会计',
              nodeName: '',
              action: '提交',
              opinion: '',
            },
            {
              round: 1,
              time: '2026-11-20 10:00',
              actorName: '李所长',
              nodeName: '部门负责人',
              action: '驳回',
              opinion: '补充',
            },
            {
              round: 2,
              time: '2026-11-20 11:00',
              actorName: '周会计',
              nodeName: '',
              action: '重新提交',
              opinion: '',
            },
          ],
          approval,
        }}
      />,
    );
    const sheet = screen.getByTestId('approval-sheet');
    expect(within(sheet).getByRole('rowheader', { name: '借款金额（万元）' })).toBeTruthy();
    expect(
      within(sheet).getByRole('rowheader', { name: '本次借款后可借余额（万元）' }),
    ).toBeTruthy();
    expect(sheet.querySelector('[data-figure="borrowableAfter"] td')?.textContent).toBe('144.5');
    expect(screen.getByTestId('waiting-holders').textContent).toContain('财务部：钱出纳');
    const history = screen.getByTestId('approval-history');
    expect(history.textContent).toContain('第1轮');
    expect(history.textContent).toContain('李所长 部门负责人 驳回 补充');
    expect(history.textContent).toContain('第2轮');
  });

  it('prints what happened to the nodes that fell to the drafter (separation of duties)', () => {
    render(
      <PrintView
        payload={{
          kind: 'approvalSheet',
          title: '合同评审',
          approvalNo: 'SP-8',
          creatorName: '王经营',
          createTime: '2026-11-20T09:30:00+08:00',
          statusText: '审批中',
          fields: [],
          approval: {
            ...approval,
            approvalDetailBO: {
              ...approval.approvalDetailBO,
              nodeNotes: [
                {
                  nodeId: '1',
                  nodeName: '部门负责人',
                  handling: 'escalate',
                  outcome: 'skipped',
                  reason: '拟稿人本人为该节点审批人，且没有可上报的上级',
                  assignees: [],
                  assigneeNames: [],
                },
                {
                  nodeId: '2',
                  nodeName: '经营部',
                  handling: 'others',
                  outcome: 'escalated',
                  reason: '拟稿人本人为该节点审批人',
                  assignees: ['11'],
                  assigneeNames: ['陈总'],
                },
              ],
            },
          },
        }}
      />,
    );
    const notes = within(screen.getByTestId('approval-sheet')).getByTestId('node-notes');
    expect([...notes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '部门负责人：已跳过（拟稿人本人为该节点审批人，且没有可上报的上级）',
      '经营部：拟稿人本人为该节点审批人，已上报至陈总',
    ]);
  });

  // A stored address never makes the print service's Chromium fetch anything.
  it('shows inlined images only: a stored address of an image becomes none', () => {
    const planted = [
      'https://evil.example/sign.png',
      'http://169.254.169.254/latest/meta-data/',
      '/prod-api/approval/flow/del?flowId=1',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ];
    const bo = approval.approvalDetailBO;
    const hostile: ApprovalDetail = {
      ...approval,
      approvalDetailBO: {
        ...bo,
        creatorSignUrl: planted[0] ?? null,
        approvalNodeList: bo.approvalNodeList.map((n, i) => ({
          ...n,
          approvalUserSignUrl: i === 0 ? SIGN : (planted[i] ?? null),
        })),
      },
    };
    const doc = documentOf(1);
    if (doc.kind !== 'contractDocument') throw new Error('a contract document');
    const { container } = render(
      <PrintView payload={{ ...doc, approval: hostile, sealImages: [...planted, SIGN] }} />,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([SIGN, SIGN]);
    expect(container.innerHTML).not.toMatch(/evil\.example|169\.254|flow\/del|svg/);
  });

  it('prints a formal contract: the institute, its number, name and department over its approval sheet', () => {
    const hostile: ApprovalDetail = {
      ...approval,
      approvalDetailBO: {
        ...approval.approvalDetailBO,
        creatorSignUrl: 'https://evil.example/sign.png',
      },
    };
    const { container } = render(
      <PrintView
        payload={{
          kind: 'contractRecord',
          institute: '华东示范建筑设计研究院有限公司',
          contractNo: 'HT-2026-052',
          contractName: '滨江花园二期设计合同',
          deptName: '建筑一所',
          approvalSheet: {
            title: '合同评审单',
            approvalNo: '52',
            creatorName: '王经营',
            createTime: '2026-11-20 09:30',
            statusText: '已通过',
            fields: [],
            approval: hostile,
          },
          issued: true,
        }}
      />,
    );
    const record = screen.getByTestId('contract-record');
    const field = (name: string) => record.querySelector(`[data-field="${name}"]`)?.textContent;
    expect(field('institute')).toBe('华东示范建筑设计研究院有限公司');
    expect(field('contractNo')).toBe('HT-2026-052');
    expect(field('deptName')).toBe('建筑一所');
    const sheet = within(record).getByTestId('approval-sheet');
    for (const i of [1, 2, 3]) expect(sheet.textContent).toContain(`签署人${i}`);
    // The signatures inlined only: the drafter's stored address is dropped.
    expect(container.innerHTML).not.toContain('evil.example');
    expect(within(sheet).getAllByRole('img')).toHaveLength(3);
    expect(() => checkPrintPayload({ kind: 'contractRecord', approvalSheet: {} })).toThrow(
      '审批记录为空',
    );
  });

  it('refuses what it cannot print', () => {
    expect(() => checkPrintPayload(null)).toThrow('打印内容为空');
    expect(() => checkPrintPayload({ kind: 'invoice' })).toThrow('不支持的打印类型');
    expect(() => checkPrintPayload({ kind: 'contractDocument', type: 5, values: {} })).toThrow(
      '不支持的合同类型：5',
    );
  });

  it('renderPrint renders, then marks the page ready; a second call replaces the first', async () => {
    document.body.innerHTML = '<div id="print-root"></div>';
    await import('./main');
    const html = document.documentElement;
    expect(html.getAttribute('data-print-loaded')).toBe('1');
    const noSignatures = { ...documentOf(7), approval: null } as PrintPayload;
    await window.renderPrint?.(noSignatures);
    expect(html.getAttribute(PRINT_READY_ATTRIBUTE)).toBe('1');
    expect(document.body.textContent).toContain('图文制作合同');
    await window.renderPrint?.({ ...documentOf(1), approval: null } as PrintPayload);
    expect(document.body.textContent).toContain('技术咨询合同');
    expect(document.body.textContent).not.toContain('图文制作合同');
    await expect(window.renderPrint?.({ kind: 'nothing' } as never)).rejects.toThrow();
    expect(html.hasAttribute(PRINT_READY_ATTRIBUTE)).toBe(false);
  });
});
