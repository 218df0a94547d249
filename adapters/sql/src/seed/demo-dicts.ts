/** The demo institute's dictionaries: labels and values the forms and lists offer, and the fee rate sets. */

type DictItem = readonly [label: string, value: string];

export interface SeedDict {
  readonly dictType: string;
  readonly dictName: string;
  readonly items: readonly DictItem[];
  readonly remark?: string;
}

const rateSet = (
  technical: string,
  operate: string,
  expert: string,
  design: string,
): DictItem[] => [
  ['technicalFee_rate', technical],
  ['operateFee_rate', operate],
  ['expertFee_rate', expert],
  ['designFee_rate', design],
];

export const DICTS: readonly SeedDict[] = [
  {
    dictType: 'sys_normal_disable',
    dictName: '系统开关',
    items: [
      ['正常', '0'],
      ['停用', '1'],
    ],
  },
  {
    dictType: 'sys_user_sex',
    dictName: '用户性别',
    items: [
      ['男', '0'],
      ['女', '1'],
      ['未知', '2'],
    ],
  },
  {
    dictType: 'sys_show_hide',
    dictName: '菜单状态',
    items: [
      ['显示', '0'],
      ['隐藏', '1'],
    ],
  },
  {
    dictType: 'sys_yes_no',
    dictName: '系统是否',
    items: [
      ['是', 'Y'],
      ['否', 'N'],
    ],
  },
  {
    dictType: 'bizSource_market',
    dictName: '市场业务费率',
    remark: '市场来源业务的分析费率（标签为费率名，值为费率）',
    items: rateSet('0.05', '0.03', '0.02', '0.025'),
  },
  {
    dictType: 'bizSource_inner',
    dictName: '院内业务费率',
    remark: '院内来源业务的分析费率；技术费按规则为 0',
    items: rateSet('0', '0.03', '0.02', '0.025'),
  },
  {
    dictType: 'bizSource_union',
    dictName: '联合设计费率',
    remark: '联合设计业务的分析费率；经营费按规则为 0',
    items: rateSet('0.05', '0', '0.02', '0.025'),
  },
  {
    dictType: 'bizSource_declare',
    dictName: '立项业务费率',
    remark: '立项（申报）业务的分析费率，另含申报净额折算率',
    items: [...rateSet('0.05', '0.03', '0.02', '0.025'), ['cleanAmount_rate', '0.9']],
  },
  {
    dictType: 'realAmountRate_list',
    dictName: '联合设计实际金额比例',
    items: [
      ['10%', '0.1'],
      ['20%', '0.2'],
      ['30%', '0.3'],
      ['40%', '0.4'],
      ['50%', '0.5'],
    ],
  },
  {
    dictType: 'operateFee_type',
    dictName: '经营费类型',
    items: [
      ['项目经营费', '1'],
      ['商务咨询费', '2'],
      ['投标费用', '3'],
    ],
  },
  {
    dictType: 'bank_name',
    dictName: '开户银行',
    items: [
      ['中国工商银行', '中国工商银行'],
      ['中国建设银行', '中国建设银行'],
      ['中国农业银行', '中国农业银行'],
      ['中国银行', '中国银行'],
      ['交通银行', '交通银行'],
      ['招商银行', '招商银行'],
    ],
  },
  {
    dictType: 'bank_account_main',
    dictName: '院本部银行账户',
    remark: '标签为开户行，值为账号',
    items: [['中国工商银行杭州西湖支行', '1202020109900012345']],
  },
  {
    dictType: 'bank_account_branch',
    dictName: '分院银行账户',
    remark: '标签为开户行，值为账号',
    items: [['中国建设银行杭州城西支行', '33050161672700001234']],
  },
  {
    dictType: 'seal_type',
    dictName: '印章类型',
    remark: '值 1 为公章：技术章（一）选择含公章时追加总经理审批',
    items: [
      ['公章', '1'],
      ['节能章', '2'],
      ['审图章', '3'],
      ['出图章', '4'],
      ['技术章', '5'],
      ['工艺图章', '6'],
      ['施工准备章', '7'],
      ['注册建筑师章', '8'],
      ['注册结构工程师章', '9'],
    ],
  },
  {
    dictType: 'seal_category',
    dictName: '盖章类别',
    items: [
      ['实物章', '1'],
      ['电子章', '2'],
    ],
  },
  {
    dictType: 'invoice_type',
    dictName: '发票类型',
    items: [
      ['增值税普通发票', '1'],
      ['增值税专用发票', '2'],
    ],
  },
  {
    dictType: 'invoice_purpose',
    dictName: '开票用途',
    items: [
      ['设计费', '1'],
      ['咨询费', '2'],
    ],
  },
  {
    dictType: 'tax_rate',
    dictName: '税率',
    items: [
      ['1%', '0.01'],
      ['3%', '0.03'],
      ['6%', '0.06'],
      ['9%', '0.09'],
      ['13%', '0.13'],
    ],
  },
  {
    dictType: 'draw_file_type',
    dictName: '图纸文件类型',
    remark: '效果图 jpg/png/pdf；文本；CAD dwg/dxf/zip；压缩包 zip/rar',
    items: [
      ['效果图', '1'],
      ['文本', '2'],
      ['CAD图纸', '3'],
      ['压缩包', '4'],
    ],
  },
  {
    dictType: 'blueprint_color',
    dictName: '晒图颜色',
    items: [
      ['白图', '1'],
      ['蓝图', '2'],
    ],
  },
  {
    dictType: 'archive_status',
    dictName: '归档状态',
    items: [
      ['未归档', '0'],
      ['已归档', '1'],
    ],
  },
  {
    dictType: 'design_stage',
    dictName: '设计阶段',
    items: [
      ['方案设计', '1'],
      ['初步设计', '2'],
      ['施工图设计', '3'],
    ],
  },
  {
    // What a graphics production contract (type 7) delivers, by the task's design stage
    // (dictValue = design_stage value): the document's deliverable is filled from it.
    dictType: 'process_cost',
    dictName: '工序成本清单',
    items: [
      ['方案文本及效果图', '1'],
      ['初步设计图纸及说明书', '2'],
      ['施工图蓝图及电子文件', '3'],
    ],
  },
  {
    dictType: 'biz_type',
    dictName: '业务类型',
    items: [
      ['规划', '1'],
      ['策划', '2'],
      ['建筑', '3'],
      ['景观', '4'],
      ['室内', '5'],
    ],
  },
];
