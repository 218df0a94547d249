import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Contract, ContractFields } from '../../contract/contract.js';
import type { ContractChange } from '../../contract/contract-change.js';
import type { ContractChildSummary } from '../../contract/contract-child.js';
import type { Lixiang } from '../../contract/lixiang.js';
import type { ContractDocumentRecord } from '../../documents/contract-document.repository.port.js';
import { contractFiguresOf } from '../../figures/contract-figures.js';
import {
  figure,
  sheetFigure,
  sheetFigureLabel,
  sheetFigureText,
  type ApprovalSheet,
} from './approval-sheet.js';
import {
  contractChangeSheet,
  contractChildSheet,
  contractSheet,
  lixiangSheet,
} from './contract-sheets.js';
import { contractDocumentSheet } from './document-sheets.js';

const fields: ContractFields = {
  projectName: '滨江新城规划',
  contractName: '滨江新城规划设计合同',
  entrustBusinessName: '滨江新城管委会',
  contractNo: 'HT-2026-001',
  signByMain: '滨江新城管委会',
  signBySub: '某某建筑设计研究院',
  subBankName: '',
  bizSource: '1',
  location: '杭州',
  serviceManagerId: 9,
  serviceManagerName: '王经理',
  planArea: '1.5',
  buildArea: '',
  sceneryArea: '',
  indoorArea: '',
  totalAmount: '960',
  receiveAmount: '0',
  cleanAmount: '900',
  directFee: '90',
  realAmountRate: '',
  bizType: '1',
  entrustTask: '总体规划',
  entrustList: [],
  termsContent: '',
  specialTerms: '',
  instructions: '',
  performContent: '',
  trackRecord: '',
  signDate: '2026-05-06',
  files: [],
  contractFiles: [],
};

const contract = (over: Partial<Contract> = {}): Contract => ({
  ...fields,
  realAmount: '900',
  directFee: '90',
  technicalFee: '40.5',
  expertFee: '16.2',
  operateFee: '24.3',
  designFee: '729',
  settleAmount: '0',
  closedCaseAmount: '0',
  backAmount: '0',
  contractId: 12,
  stage: 'contract',
  status: 0,
  effective: true,
  convertedFrom: null,
  approvalId: '5',
  feeRates: {
    technicalFee_rate: '0.05',
    operateFee_rate: '0.03',
    expertFee_rate: '0.02',
    designFee_rate: '0.9',
  },
  version: 1,
  deptId: 110,
  userId: 3,
  createBy: 'jingying',
  createByName: 'jingying',
  createTime: new Date('2026-05-01T00:00:00Z'),
  updateTime: new Date('2026-05-01T00:00:00Z'),
  ...over,
});

const shown = (s: ApprovalSheet, key: string): string | undefined => {
  const f = sheetFigure(s, key);
  return f === undefined ? undefined : `${sheetFigureLabel(f)}=${sheetFigureText(f)}`;
};

describe('the contract review sheet (1_x, 24_1)', () => {
  const sums = {
    backAmount: '140',
    allottedAmount: '0',
    paidAmount: '10',
    realPaidAmount: '9.7',
    invoicedAmount: '200',
    invoicingAmount: '0',
    loanOutstandingAmount: '0',
  };

  it('shows the parties, the amount in 万元, the sign date, the manager and the rates in %', () => {
    const s = contractSheet({
      contract: contract(),
      figures: contractFiguresOf('960', sums),
      projectManagerNames: ['王经理', '赵经理'],
    });
    expect(s).toMatchObject({ title: '合同评审单', source: 'record', recordId: '12' });
    expect(shown(s, 'projectManagerNames')).toBe('项目经理=王经理、赵经理');
    expect(shown(s, 'contractName')).toBe('合同名称=滨江新城规划设计合同');
    expect(shown(s, 'contractNo')).toBe('合同编号=HT-2026-001');
    expect(shown(s, 'signByMain')).toBe('甲方=滨江新城管委会');
    expect(shown(s, 'totalAmount')).toBe('合同金额（万元）=960');
    expect(shown(s, 'signDate')).toBe('签订日期=2026-05-06');
    expect(shown(s, 'serviceManagerName')).toBe('服务经理=王经理');
    expect(shown(s, 'designFee_rate')).toBe('设计费率（%）=90');
    expect(shown(s, 'technicalFee')).toBe('技术费（万元）=40.5');
  });

  it('reads 已收金额 from the figures read model, not the stored column', () => {
    const s = contractSheet({ contract: contract(), figures: contractFiguresOf('960', sums) });
    expect(shown(s, 'receiveAmount')).toBe('已收金额（万元）=140');
    expect(shown(s, 'invoicedAmount')).toBe('已开票（万元）=200');
    expect(shown(s, 'unreceivedAmount')).toBe('未回款（万元）=820');
  });

  it('a declared project is the filing sheet (2_x), also once it became a contract', () => {
    const s = contractSheet({ contract: contract({ stage: 'declare' }), figures: null });
    expect(s.title).toBe('项目备案表');
    expect(contractSheet({ contract: contract(), figures: null }, '2_1').title).toBe('项目备案表');
    expect(contractSheet({ contract: contract(), figures: null }, '1_1').title).toBe('合同评审单');
    expect(shown(s, 'receiveAmount')).toBe('已收金额（万元）=0');
  });

  it('a rate left blank is not shown as 0%', () => {
    const s = contractSheet({
      contract: contract({ feeRates: { designFee_rate: '0.5' } }),
      figures: null,
    });
    expect(sheetFigure(s, 'technicalFee_rate')).toBeUndefined();
    expect(shown(s, 'designFee_rate')).toBe('设计费率（%）=50');
  });
});

describe('the filing sheet of a 立项 record (2_x)', () => {
  it('shows the filing number, the project, the amount and the split', () => {
    const l: Lixiang = {
      lxId: 4,
      contractId: null,
      lxNo: 'LX-2026-004',
      projectName: '滨江新城规划',
      bizSource: '2',
      totalAmount: '300',
      cleanAmount: '280',
      realAmount: '280',
      directFee: '28',
      technicalFee: '0',
      expertFee: '5.6',
      operateFee: '14',
      designFee: '140',
      remark: '',
      feeRates: { designFee_rate: '0.5' },
      history: false,
      status: 0,
      approvalId: '8',
      version: 1,
      deptId: 110,
      userId: 3,
      createBy: 'jingying',
      createByName: 'jingying',
      createTime: new Date(0),
      updateTime: new Date(0),
    };
    const s = lixiangSheet(l);
    expect(s.title).toBe('项目备案表');
    expect(shown(s, 'lxNo')).toBe('立项编号=LX-2026-004');
    expect(shown(s, 'bizSource')).toBe('业务来源=院内');
    expect(shown(s, 'cleanAmount')).toBe('合同净额（万元）=280');
    expect(shown(s, 'status')).toBe('状态=审批中');
  });
});

describe('the contract change sheet (28_1)', () => {
  const change = (proposed: Partial<ContractFields>): ContractChange => ({
    changeId: 3,
    contractId: 12,
    previous: fields,
    proposed: { ...fields, ...proposed },
    reason: '甲方追加规划范围',
    status: 0,
    approvalId: '9',
    userId: 3,
    createBy: 'jingying',
    createByName: 'jingying',
    createTime: new Date(0),
  });

  it('shows each changed field before → after, and only those', () => {
    const s = contractChangeSheet({
      change: change({ totalAmount: '1000', signByMain: '滨江新城集团', bizType: '3' }),
      contractNo: 'HT-2026-001',
    });
    expect(s.title).toBe('合同变更');
    expect(shown(s, 'totalAmount')).toBe('合同金额（万元）=960 → 1,000');
    expect(shown(s, 'signByMain')).toBe('甲方=滨江新城管委会 → 滨江新城集团');
    expect(shown(s, 'bizType')).toBe('业务类型=规划 → 建筑');
    expect(shown(s, 'reason')).toBe('变更原因=甲方追加规划范围');
    expect(shown(s, 'contractNo')).toBe('合同编号=HT-2026-001');
    expect(sheetFigure(s, 'contractName')?.before).toBeUndefined();
    expect(sheetFigure(s, 'signDate')).toBeUndefined();
  });

  it('names as many changed lines as the change changes fields', () => {
    fc.assert(
      fc.property(
        fc.subarray([
          'contractName',
          'signBySub',
          'location',
          'entrustTask',
          'trackRecord',
        ] as const),
        (keys) => {
          const proposed = Object.fromEntries(keys.map((k) => [k, `${fields[k]}（变更）`]));
          const s = contractChangeSheet({ change: change(proposed), contractNo: '' });
          const lines = s.sections[1]?.figures ?? [];
          expect(lines.map((f) => f.key).sort()).toEqual([...keys].sort());
          for (const f of lines) expect(f.value).toBe(`${f.before ?? ''}（变更）`);
        },
      ),
    );
  });
});

describe('the payment contract sheet (5_x)', () => {
  it('shows the sub-contract, its payee, its amount and what is paid and payable', () => {
    const child: ContractChildSummary = {
      contractChildId: 21,
      contractId: 12,
      contractChildNo: 'FB-001',
      childType: 2,
      paymentMethod: '按进度',
      content: '结构咨询',
      receiveCompanyName: '某技术服务公司',
      totalAmount: '30',
      history: false,
      status: 0,
      taxRate: '0.06',
      approvalId: '11',
      version: 1,
      deptId: 110,
      userId: 3,
      createBy: 'jingying',
      createByName: 'jingying',
      createTime: new Date(0),
      updateTime: new Date(0),
      contractName: '滨江新城规划设计合同',
      paidAmount: '8',
      payItemsAmount: '8',
      extendAmount: '5',
      canPayAmount: '27',
    };
    const s = contractChildSheet({ child, contractNo: 'HT-2026-001' });
    expect(s.title).toBe('付款合同');
    expect(shown(s, 'contractChildNo')).toBe('分包合同编号=FB-001');
    expect(shown(s, 'childType')).toBe('分包类型=技术服务费');
    expect(shown(s, 'contractName')).toBe('主合同名称=滨江新城规划设计合同');
    expect(shown(s, 'totalAmount')).toBe('分包金额（万元）=30');
    expect(shown(s, 'canPayAmount')).toBe('可付金额（万元）=27');
    expect(shown(s, 'taxRate')).toBe('税率（%）=6');
  });
});

describe('the contract document sheet (5_x)', () => {
  const doc = (values: ContractDocumentRecord['values']): ContractDocumentRecord => ({
    documentId: 8,
    docType: 2,
    contractId: 12,
    contractName: '滨江新城规划技术服务合同',
    values,
    totalAmount: values.totalAmount ?? '0',
    status: 0,
    approvalId: '70',
    version: 1,
    deptId: 110,
    userId: 3,
    createBy: 'jingying',
    createByName: 'jingying',
    createTime: new Date(0),
    updateTime: new Date(0),
  });

  it('shows the document under its own title and labels, the amount in 万元, ids left out', () => {
    const s = contractDocumentSheet(
      doc({
        signBySub: '某某建筑设计研究院',
        signByMain: '某技术服务公司',
        mainPhone: '',
        projectName: '滨江新城规划',
        contractId: '12',
        designStage: '方案设计',
        designStageId: '2',
        fwContent: '结构咨询',
        totalAmount: '12.5',
        upValue: '壹拾贰万伍仟元整',
        signDate: '2026-06-01',
      }),
    );
    expect(s.title).toBe('技术服务合同');
    expect(shown(s, 'contractName')).toBe('合同名称=滨江新城规划技术服务合同');
    expect(shown(s, 'totalAmount')).toBe('合同金额（万元）=12.5');
    expect(shown(s, 'fwContent')).toBe('服务内容=结构咨询');
    expect(shown(s, 'signByMain')).toBe('乙方=某技术服务公司');
    expect(shown(s, 'signDate')).toBe('签订日期=2026-06-01');
    expect(sheetFigure(s, 'contractId')).toBeUndefined();
    expect(sheetFigure(s, 'designStageId')).toBeUndefined();
    // A party's blank phone is not printed.
    expect(sheetFigure(s, 'mainPhone')).toBeUndefined();
  });
});

describe('a sheet amount as people read it', () => {
  it('is grouped, without the stored six decimals, before and after alike; rates stay as given', () => {
    expect(sheetFigureText(figure.amount('a', '合同金额', '2262.300000'))).toBe('2,262.3');
    expect(sheetFigureText(figure.amount('a', '合同金额', '1000.000000', ''))).toBe('- → 1,000');
    expect(sheetFigureText(figure.rate('r', '税率', '6.5000'))).toBe('6.5000');
    expect(sheetFigureText(figure.text('t', '备注', '1000'))).toBe('1000');
  });
});
