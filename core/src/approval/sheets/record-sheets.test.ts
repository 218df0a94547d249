import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../account/account.js';
import type { ArchiveBorrow } from '../../archives/archive-borrow.js';
import { fundPayApprovalContent } from '../../fund-pay/fund-pay-approval.js';
import type { FundPay } from '../../fund-pay/fund-pay.js';
import { MoneyDecimal } from '../../money/money-decimal.js';
import type { DesignTask, ResultSeal } from '../../task/task.js';
import type { TemplateContent } from '../template.js';
import {
  sheetFigure,
  sheetFigureLabel,
  sheetFigureText,
  sheetFromContent,
  type ApprovalSheet,
} from './approval-sheet.js';
import { withCurrentLabels } from './approval-sheets.use-case.js';
import { archiveBorrowSheet, invoiceSheet } from './office-sheets.js';
import { designTaskSheet, resultSealSheet } from './task-sheets.js';

const ZONE = 'Asia/Shanghai';
const shown = (s: ApprovalSheet, key: string): string | undefined => {
  const f = sheetFigure(s, key);
  return f === undefined ? undefined : `${sheetFigureLabel(f)}=${sheetFigureText(f)}`;
};

const task: DesignTask = {
  taskId: 31,
  contractId: 12,
  projectName: '滨江新城规划',
  contractName: '滨江新城规划设计合同',
  taskNo: 'RW-2026-031',
  taskName: '方案设计',
  subItemName: '一期',
  taskResultName: '方案文本',
  designStageId: '2',
  designStageName: '方案设计',
  qualityType: '1',
  designUserId: 14,
  designUserName: '李主持',
  projectManagerId: 9,
  projectManagerName: '王经理',
  planFinishDate: '2026-12-31',
  remark: '',
  taskAmount: '120.5',
  confirmFinishAmount: '60',
  majorList: [
    { majorId: 1, majorName: '建筑' },
    { majorId: 2, majorName: '结构' },
  ],
  confirmed: 0,
  approvalStatus: 0,
  approvalId: '40',
  history: false,
  finished: false,
  deptId: 110,
  deptName: '建筑一所',
  deptConfirmerId: null,
  userId: 3,
  createBy: 'xmjl',
  createByName: 'xmjl',
  version: 1,
  createTime: new Date(0),
  updateTime: new Date(0),
};

describe('the design task sheet (3_x) and the output value sheet (4_x)', () => {
  it('shows the task, its people, its disciplines and its output value in 万元', () => {
    const s = designTaskSheet(task, '3_1');
    expect(s.title).toBe('设计任务单');
    expect(shown(s, 'designUserName')).toBe('设计主持=李主持');
    expect(shown(s, 'projectManagerName')).toBe('项目经理=王经理');
    expect(shown(s, 'majorNames')).toBe('专业=建筑、结构');
    expect(shown(s, 'taskAmount')).toBe('任务产值（万元）=120.5');
    expect(shown(s, 'qualityType')).toBe('质量要求=有质量要求');
  });

  it('the output value confirmation of the same task says so', () => {
    const s = designTaskSheet(task, '4_1');
    expect(s.title).toBe('产值确认单');
    expect(shown(s, 'confirmFinishAmount')).toBe('确认完成产值（万元）=60');
  });
});

describe('the result seal sheet (13_1)', () => {
  const seal: ResultSeal = {
    resultSealId: 5,
    taskId: 31,
    results: [
      { resultId: 71, fileName: '总平面图.dwg', majorName: '建筑' },
      { resultId: 72, fileName: '结构计算书.pdf', majorName: '结构' },
    ],
    taskNo: 'RW-2026-031',
    taskName: '方案设计',
    contractName: '滨江新城规划设计合同',
    drawContent: '方案图纸',
    drawNum: 3,
    sealGoalContent: '',
    unGuidangShowImg: '',
    guidangShowImg: '',
    sealCategory: '',
    sealType: ['4', '8'],
    sealTime: null,
    imgFiles: [],
    sealImages: [],
    status: 0,
    approvalId: '41',
    userId: 14,
    userName: 'sjzc',
    nickName: '李主持',
    version: 1,
    createTime: new Date(0),
    finishTime: null,
  };

  it('shows the task with its design host, each result and the seals by name', () => {
    const s = resultSealSheet({ seal, task });
    expect(s.title).toBe('成果盖章');
    expect(shown(s, 'designUserName')).toBe('设计主持=李主持');
    expect(shown(s, 'sealType')).toBe('印章类型=出图章、注册建筑师章');
    expect(shown(s, 'result71')).toBe('建筑=总平面图.dwg');
    expect(shown(s, 'result72')).toBe('结构=结构计算书.pdf');
    expect(shown(s, 'drawNum')).toBe('份数=3');
    expect(shown(s, 'userName')).toBe('申请人=李主持');
  });

  it('names the seals and the category as the dictionaries the administrator keeps say', () => {
    const s = resultSealSheet({
      seal: { ...seal, sealCategory: '2' },
      task,
      sealTypeOptions: [
        { text: '出图专用章', value: '4' },
        { text: '注册建筑师印章', value: '8' },
      ],
      sealCategoryOptions: [
        { text: '实物章', value: '1' },
        { text: '电子章', value: '2' },
      ],
    });
    expect(shown(s, 'sealType')).toBe('印章类型=出图专用章、注册建筑师印章');
    expect(shown(s, 'sealCategory')).toBe('印章类别=电子章');
  });

  it('a seal whose task is gone still shows the task it named', () => {
    const s = resultSealSheet({ seal, task: null });
    expect(shown(s, 'taskNo')).toBe('任务单编号=RW-2026-031');
    expect(sheetFigure(s, 'designUserName')).toBeUndefined();
  });
});

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 17,
  contractId: 12,
  contractNo: 'HT-2026-001',
  contractName: '滨江新城规划设计合同',
  projectName: '滨江新城规划',
  totalAmount: '960',
  invoiceAmount: '20',
  invoiceType: '2',
  invoicePurpose: '1',
  invoiceTitle: '滨江新城管委会',
  taxNo: '91330100XXXXXXXX',
  invoiceDate: '2026-11-20',
  remark: '',
  status: 1,
  approvalId: '50',
  deptId: 110,
  userId: 8,
  createBy: 'caiwu',
  createByName: 'caiwu',
  createTime: new Date('2026-11-19T16:30:00Z'),
  approvedTime: null,
  version: 1,
  ...over,
});

describe('the invoice request sheet (23_1)', () => {
  it('shows the contract, this amount, what is invoiced so far and what is left after it', () => {
    const s = invoiceSheet(
      { invoice: invoice(), invoicedAmount: '900', invoicingAmount: '20', backAmount: '140' },
      ZONE,
    );
    expect(s.title).toBe('开票申请');
    expect(shown(s, 'invoiceAmount')).toBe('开票金额（万元）=20');
    expect(shown(s, 'totalAmount')).toBe('合同金额（万元）=960');
    expect(shown(s, 'invoicedAmount')).toBe('已开票（万元）=900');
    expect(shown(s, 'roomAmount')).toBe('可开票金额（万元）=40');
    expect(shown(s, 'roomAfter')).toBe('本次开票后剩余可开票（万元）=20');
    expect(shown(s, 'backAmount')).toBe('已回款（万元）=140');
    expect(shown(s, 'invoiceType')).toBe('发票类型=增值税专用发票');
    expect(shown(s, 'createTime')).toBe('申请时间=2026-11-20 00:30');
  });

  it('a request above the cap shows what it exceeds it by', () => {
    const s = invoiceSheet(
      {
        invoice: invoice({ invoiceAmount: '2000' }),
        invoicedAmount: '0',
        invoicingAmount: '0',
        backAmount: '0',
      },
      ZONE,
    );
    expect(sheetFigure(s, 'roomAfter')?.value).toBe('-1040');
  });

  it('cap left after = contract − invoiced − in approval − this, whenever the cap holds', () => {
    const wan = fc.integer({ min: 0, max: 10_000_000 }).map((n) => String(n / 100));
    fc.assert(
      fc.property(wan, wan, wan, wan, (total, invoiced, invoicing, amount) => {
        const d = (v: string) => new MoneyDecimal(v);
        fc.pre(d(invoiced).plus(d(invoicing)).lte(d(total)));
        const s = invoiceSheet(
          {
            invoice: invoice({ totalAmount: total, invoiceAmount: amount }),
            invoicedAmount: invoiced,
            invoicingAmount: invoicing,
            backAmount: '0',
          },
          ZONE,
        );
        const after = d(sheetFigure(s, 'roomAfter')?.value ?? 'NaN');
        expect(after.plus(d(invoiced)).plus(d(invoicing)).plus(d(amount)).eq(d(total))).toBe(true);
      }),
    );
  });
});

describe('the archive borrowing sheet (27_1)', () => {
  const borrow: ArchiveBorrow = {
    borrowId: 6,
    archiveId: 2,
    archiveName: '滨江新城规划成果',
    archiveNo: 'DA-0002',
    projectName: '滨江新城规划',
    userId: 14,
    userName: 'sjzc',
    nickName: '李主持',
    deptId: 110,
    purpose: '续作设计参考',
    startDate: '2026-11-27',
    endDate: '2026-12-10',
    pledge: '本人承诺……',
    status: 1,
    approvalId: '60',
    approvedTime: new Date('2026-11-26T02:00:00Z'),
    returnedTime: null,
    returnedBy: '',
    createTime: new Date('2026-11-25T02:00:00Z'),
  };

  it('shows the archive, the borrower, the period and its state on the institute day', () => {
    const s = archiveBorrowSheet({ borrow, today: '2026-11-26' }, ZONE);
    expect(s.title).toBe('调档承诺书');
    expect(shown(s, 'archiveName')).toBe('档案名称=滨江新城规划成果');
    expect(shown(s, 'userName')).toBe('借阅人=李主持');
    expect(shown(s, 'startDate')).toBe('借阅开始日期=2026-11-27');
    expect(shown(s, 'endDate')).toBe('借阅结束日期=2026-12-10');
    expect(shown(s, 'state')).toBe('状态=未到借阅期');
    expect(shown(s, 'approvedTime')).toBe('批准时间=2026-11-26 10:00');
    expect(
      archiveBorrowSheet({ borrow, today: '2026-12-11' }, ZONE).sections[0]?.figures,
    ).toContainEqual(expect.objectContaining({ key: 'state', value: '已逾期' }));
  });
});

describe('the payment contract form (16_x) labels', () => {
  const pay = {
    typeCode: '16_1',
    contractName: '滨江新城规划设计合同',
    contractNo: 'HT-2026-001',
    payCompanyName: '某某建筑设计研究院',
    receiveCompanyName: '某技术服务公司',
    payAmount: '10',
    taxRate: '0.03',
    realPayAmount: '9.7',
    payTime: '2026-07-20',
    reason: '分包技术服务费',
  } as unknown as FundPay;

  it('files the payment under 本次付款金额 and 付款日期, never 合同金额 or 签订日期', () => {
    const content = fundPayApprovalContent(pay);
    expect(content['totalAmount']?.label).toBe('本次付款金额（万元）');
    expect(content['signTime']?.label).toBe('付款日期');
  });

  it('a form stored under the old labels reads in the new ones', () => {
    const old: TemplateContent = {
      totalAmount: { label: '合同金额（万元）', value: '10', type: 'input' },
      signTime: { label: '签订日期', value: '2026-07-20', type: 'timeSelect' },
    };
    const link = { recordKind: null, recordId: null };
    const s = sheetFromContent('付款合同', withCurrentLabels('16_1', old), link);
    expect(shown(s, 'totalAmount')).toBe('本次付款金额（万元）=10');
    expect(shown(s, 'signTime')).toBe('付款日期=2026-07-20');
    // A contract review keeps its own words.
    const review = sheetFromContent('合同评审单', withCurrentLabels('1_1', old), link);
    expect(shown(review, 'totalAmount')).toBe('合同金额（万元）=10');
  });
});
