import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInWords } from '../money/amount-in-words.js';
import {
  applyCompanySettings,
  applyContractDocOptions,
  chooseDiscipline,
  chooseProject,
  chooseStage,
  designStageIds,
  inputAmount,
  loadContractDoc,
  setContractDocField,
  type ContractDocData,
  type ContractDocState,
} from './contract-doc-form.js';
import type { OptionValue, ProcessCostItem, ProjectOption } from './contract-doc-options.js';
import { CONTRACT_DOC_TITLES } from './contract-doc-titles.js';
import { CONTRACT_DOC_TYPES, type ContractDocType } from './contract-doc-type.js';
import type { CompanySettings } from './company-settings.js';
import type { Result } from '../shared/result.js';

const SETTINGS: CompanySettings = {
  signBySub: '某某建筑设计研究院有限公司',
  subAddress: '某市某区设计路1号',
  subTaxpayerNum: '123456789012345',
  subOpenBank: '某银行某支行',
  subOpenBankNum: '6222000011112222',
  subPhone: '010-88886666',
};

const PROJECTS: readonly ProjectOption[] = [
  {
    value: 101,
    text: '滨江公园（HT-2024-001）',
    projectName: '滨江公园',
    taskList: [
      {
        value: 11,
        text: '方案设计',
        designStageId: 1,
        majorList: [
          { value: 'A', text: '建筑' },
          { value: 'S', text: '结构' },
        ],
      },
      {
        value: 12,
        text: '施工图设计',
        designStageId: 3,
        majorList: [{ value: 'E', text: '电气' }],
      },
    ],
  },
  { value: '102', text: '老城改造', taskList: [{ value: 21, text: '规划设计', designStageId: 1 }] },
  { value: 103, text: '无任务项目', projectName: '无任务项目' },
];

const PROCESS_COSTS: readonly ProcessCostItem[] = [
  { designStageId: 1, projectResultContent: '方案文本及效果图' },
  { designStageId: '3', projectResultContent: '施工图纸' },
];

const load = (type: ContractDocType, data: ContractDocData = {}, readOnly = false) =>
  loadContractDoc({
    type,
    data,
    readOnly,
    settings: SETTINGS,
    projects: PROJECTS,
    processCosts: PROCESS_COSTS,
  });

const must = (result: Result<ContractDocState>): ContractDocState => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('loadContractDoc', () => {
  it('fills the fields, fixes the name, recomputes the words and fills party A', () => {
    const state = load(1, {
      projectName: '滨江公园',
      contractId: 101,
      contractName: '滨江公园',
      totalAmount: '12.3456',
      upValue: '乱写的大写',
      signByMain: '乙方公司',
      subPhone: '',
      designStageId: 11,
      designStage: '方案设计',
    });
    expect(state.values.contractName).toBe('滨江公园技术咨询合同');
    expect(state.values.upValue).toBe('壹拾贰万叁仟肆佰伍拾陆元整');
    expect(state.values.signBySub).toBe(SETTINGS.signBySub);
    expect(state.values.subPhone).toBe(SETTINGS.subPhone);
    expect(state.values.signByMain).toBe('乙方公司');
    expect(state.values.contractId).toBe('101');
    expect(state.stageOptions.map((t) => t.value)).toEqual([11, 12]);
  });

  it('keeps stored party A details and leaves a missing setting empty', () => {
    const state = loadContractDoc({
      type: 2,
      data: { subAddress: '旧地址' },
      settings: { signBySub: '研究院' },
    });
    expect(state.values.subAddress).toBe('旧地址');
    expect(state.values.signBySub).toBe('研究院');
    expect(state.values.subPhone).toBe('');
    expect(applyCompanySettings(state, SETTINGS).values.subPhone).toBe(SETTINGS.subPhone);
  });

  it('drops fields the type does not have and passes amounts through the input filter', () => {
    const state = load(6, { fwContent: '不该有', totalAmount: '12.345600' });
    expect(state.values.fwContent).toBe('');
    expect(state.values.totalAmount).toBe('12.3456');
  });

  it('names type 8 by its service content and computes both words', () => {
    const state = load(8, { fwContent: 'BIM技术', totalAmount: '1', withinAmount: '0.5' });
    expect(state.values.contractName).toBe('BIM技术服务指导协议');
    expect(state.values.upValue).toBe('壹万元整');
    expect(state.values.withinUpValue).toBe('伍仟元整');
  });

  it('loads type 6 discipline options for the stored task', () => {
    const state = load(6, { contractId: 101, designStageId: 11 });
    expect(state.disciplineOptions.map((m) => m.text)).toEqual(['建筑', '结构']);
  });

  it('takes option lists that arrive later', () => {
    const state = loadContractDoc({ type: 1, data: { contractId: '101' } });
    expect(state.stageOptions).toEqual([]);
    expect(applyContractDocOptions(state, { projects: PROJECTS }).stageOptions).toHaveLength(2);
  });
});

describe('chooseProject', () => {
  it('sets the id and the name, offers its tasks and clears the stage', () => {
    let state = must(chooseProject(load(1), 101));
    state = must(chooseStage(state, 11));
    state = must(chooseProject(state, '102'));
    expect(state.values).toMatchObject({
      contractId: '102',
      projectName: '老城改造',
      contractName: '老城改造技术咨询合同',
      designStage: '',
      designStageId: '',
    });
    expect(state.stageOptions.map((t) => t.text)).toEqual(['规划设计']);
  });

  it('clears type 6 discipline and type 7 deliverable', () => {
    let six = must(chooseStage(must(chooseProject(load(6), 101)), 11));
    six = must(chooseDiscipline(six, 'S'));
    six = must(chooseProject(six, 101));
    expect([six.values.majorId, six.values.majorName, six.disciplineOptions]).toEqual(['', '', []]);

    let seven = must(chooseStage(must(chooseProject(load(7), 101)), 12));
    expect(seven.values.projectResultContent).toBe('施工图纸');
    seven = must(chooseProject(seven, 101));
    expect(seven.values.projectResultContent).toBe('');
  });

  it('refuses an unknown project, type 8 and a read-only document', () => {
    expect(chooseProject(load(1), 999).ok).toBe(false);
    const eight = chooseProject(load(8), 101);
    expect(!eight.ok && eight.error.code).toBe('DOCUMENT.NOT_APPLICABLE');
    const readOnly = chooseProject(load(1, {}, true), 101);
    expect(!readOnly.ok && readOnly.error.code).toBe('DOCUMENT.READ_ONLY');
  });

  it('handles a project without a task list', () => {
    const state = must(chooseProject(load(2), 103));
    expect(state.stageOptions).toEqual([]);
    expect(chooseStage(state, 11).ok).toBe(false);
  });
});

describe('chooseStage', () => {
  it('sets id and text', () => {
    const state = must(chooseStage(must(chooseProject(load(2), 101)), 12));
    expect([state.values.designStageId, state.values.designStage]).toEqual(['12', '施工图设计']);
  });

  it('type 3 takes several, comma-separated in task-list order', () => {
    let state = must(chooseProject(load(3), 101));
    state = must(chooseStage(state, [12, '11']));
    expect([state.values.designStageId, state.values.designStage]).toEqual([
      '11,12',
      '方案设计,施工图设计',
    ]);
    expect(designStageIds(state.values)).toEqual(['11', '12']);
    state = must(chooseStage(state, []));
    expect(state.values.designStageId).toBe('');
  });

  it('other types take exactly one', () => {
    const state = must(chooseProject(load(1), 101));
    expect(chooseStage(state, [11, 12]).ok).toBe(false);
    expect(chooseStage(state, []).ok).toBe(false);
  });

  it('type 6 loads the disciplines and clears the chosen one', () => {
    let state = must(chooseStage(must(chooseProject(load(6), 101)), 11));
    state = must(chooseDiscipline(state, 'A'));
    expect([state.values.majorId, state.values.majorName]).toEqual(['A', '建筑']);
    state = must(chooseStage(state, 12));
    expect([state.values.majorId, state.values.majorName]).toEqual(['', '']);
    expect(state.disciplineOptions.map((m) => m.text)).toEqual(['电气']);
    expect(chooseDiscipline(state, 'A').ok).toBe(false);
  });

  it('type 7 fills the deliverable from the process-cost row of the task stage', () => {
    const state = must(chooseStage(must(chooseProject(load(7), 101)), 11));
    expect(state.values.projectResultContent).toBe('方案文本及效果图');
    const none = must(
      chooseStage(must(chooseProject(loadContractDoc({ type: 7, projects: PROJECTS }), 101)), 11),
    );
    expect(none.values.projectResultContent).toBe('');
  });

  it('discipline only on type 6', () => {
    expect(chooseDiscipline(load(1), 'A').ok).toBe(false);
  });
});

describe('field input', () => {
  it('normalises amounts per type and recomputes the words', () => {
    let state = must(inputAmount(load(1), 'totalAmount', '1,2a3.45678'));
    expect(state.values.totalAmount).toBe('123.4567');
    expect(state.values.upValue).toBe(amountInWords('123.4567'));
    state = must(inputAmount(load(8), 'totalAmount', '3.14159'));
    expect(state.values.totalAmount).toBe('3.14');
    state = must(inputAmount(load(8), 'withinAmount', '3.14159'));
    expect(state.values.withinAmount).toBe('3.1415');
    expect(state.values.withinUpValue).toBe(amountInWords('3.1415'));
    expect(inputAmount(load(1), 'withinAmount', '1').ok).toBe(false);
  });

  it('sets typed fields and refuses computed ones', () => {
    const state = must(setContractDocField(load(1), 'signByMain', '乙方 设计公司'));
    expect(state.values.signByMain).toBe('乙方 设计公司');
    for (const field of [
      'signBySub',
      'subPhone',
      'upValue',
      'contractName',
      'contractId',
      'designStage',
    ] as const) {
      const refused = setContractDocField(state, field, 'x');
      expect(!refused.ok && refused.error.code).toBe('DOCUMENT.FIELD_NOT_EDITABLE');
    }
    expect(setContractDocField(state, 'fwContent', 'x').ok).toBe(false);
    expect(setContractDocField(load(1, {}, true), 'signByMain', 'x').ok).toBe(false);
  });

  it('routes amounts typed through setContractDocField to the filter', () => {
    expect(must(setContractDocField(load(6), 'totalAmount', '5.1200')).values.totalAmount).toBe(
      '5.12',
    );
  });

  it('type 8 fwContent renames the contract', () => {
    const state = must(setContractDocField(load(8), 'fwContent', '绿色建筑咨询'));
    expect(state.values.contractName).toBe('绿色建筑咨询服务指导协议');
  });

  it('type 7 fwContent is one of the production types', () => {
    expect(must(setContractDocField(load(7), 'fwContent', '效果图')).values.fwContent).toBe(
      '效果图',
    );
    expect(setContractDocField(load(7), 'fwContent', '雕塑').ok).toBe(false);
  });
});

// ---- properties ----

const optionValue: fc.Arbitrary<OptionValue> = fc.oneof(
  fc.integer({ min: 1, max: 30 }),
  fc.constantFrom('a', 'b', '7'),
);

const projectsArb: fc.Arbitrary<readonly ProjectOption[]> = fc.uniqueArray(
  fc.record({
    value: optionValue,
    text: fc.string({ maxLength: 8 }),
    projectName: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
    taskList: fc.option(
      fc.uniqueArray(
        fc.record({
          value: optionValue,
          text: fc.string({ maxLength: 6 }),
          designStageId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
          majorList: fc.option(
            fc.uniqueArray(fc.record({ value: optionValue, text: fc.string({ maxLength: 4 }) }), {
              maxLength: 3,
              selector: (m) => String(m.value),
            }),
            { nil: undefined },
          ),
        }),
        { maxLength: 4, selector: (t) => String(t.value) },
      ),
      { nil: undefined },
    ),
  }),
  { maxLength: 4, selector: (p) => String(p.value) },
);

type Action =
  | { kind: 'project'; value: OptionValue }
  | { kind: 'stage'; values: OptionValue[] }
  | { kind: 'discipline'; value: OptionValue }
  | { kind: 'amount'; field: 'totalAmount' | 'withinAmount'; raw: string }
  | { kind: 'fw'; value: string };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('project' as const), value: optionValue }),
  fc.record({
    kind: fc.constant('stage' as const),
    values: fc.array(optionValue, { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('discipline' as const), value: optionValue }),
  fc.record({
    kind: fc.constant('amount' as const),
    field: fc.constantFrom('totalAmount' as const, 'withinAmount' as const),
    raw: fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^\d{0,16}(\.\d{0,8})?$/)),
  }),
  fc.record({ kind: fc.constant('fw' as const), value: fc.string({ maxLength: 8 }) }),
);

const dataArb: fc.Arbitrary<ContractDocData> = fc.record(
  {
    contractName: fc.string({ maxLength: 10 }),
    projectName: fc.string({ maxLength: 8 }),
    contractId: optionValue,
    designStageId: fc.string({ maxLength: 4 }),
    totalAmount: fc.oneof(fc.string({ maxLength: 10 }), fc.double().map(String)),
    upValue: fc.string({ maxLength: 4 }),
    fwContent: fc.string({ maxLength: 6 }),
  },
  { requiredKeys: [] },
);

const apply = (state: ContractDocState, action: Action): Result<ContractDocState> => {
  switch (action.kind) {
    case 'project':
      return chooseProject(state, action.value);
    case 'stage':
      return chooseStage(
        state,
        action.values.length === 1 && state.type !== 3 ? action.values[0]! : action.values,
      );
    case 'discipline':
      return chooseDiscipline(state, action.value);
    case 'amount':
      return inputAmount(state, action.field, action.raw);
    case 'fw':
      return setContractDocField(state, 'fwContent', action.value);
  }
};

describe('contract document form properties', () => {
  it('after any sequence of actions: the name ends with the title, the words match the amount, and no stage lingers outside the project task list', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTRACT_DOC_TYPES),
        projectsArb,
        dataArb,
        fc.array(
          fc.oneof(
            actionArb,
            // Bias towards values that exist so the sequences go somewhere.
            fc.nat().map((n): Action => ({ kind: 'project', value: n })),
          ),
          { maxLength: 25 },
        ),
        (type, projects, data, actions) => {
          let state = loadContractDoc({
            type,
            data,
            projects,
            settings: SETTINGS,
            processCosts: PROCESS_COSTS,
          });
          const check = (chosenProject: boolean) => {
            const { values } = state;
            expect(values.contractName.endsWith(CONTRACT_DOC_TITLES[type])).toBe(true);
            expect(values.upValue).toBe(amountInWords(values.totalAmount));
            if (type === 8) expect(values.withinUpValue).toBe(amountInWords(values.withinAmount));
            if (!chosenProject) return;
            const project = projects.find((p) => String(p.value) === values.contractId);
            expect(project).toBeDefined();
            expect(state.stageOptions).toEqual(project?.taskList ?? []);
            const taskIds = state.stageOptions.map((t) => String(t.value));
            for (const id of designStageIds(values)) expect(taskIds).toContain(id);
            if (type === 6) {
              const task = state.stageOptions.find((t) => String(t.value) === values.designStageId);
              expect(state.disciplineOptions).toEqual(task?.majorList ?? []);
              if (values.majorId !== '') {
                expect(state.disciplineOptions.map((m) => String(m.value))).toContain(
                  values.majorId,
                );
              }
            }
          };
          let chosenProject = false;
          check(chosenProject);
          for (const raw of actions) {
            // Point some actions at real options of the current lists.
            const action: Action =
              raw.kind === 'project' &&
              typeof raw.value === 'number' &&
              projects.length > 0 &&
              raw.value > 30
                ? { kind: 'project', value: projects[raw.value % projects.length]!.value }
                : raw.kind === 'stage' && raw.values.length > 0 && state.stageOptions.length > 0
                  ? {
                      kind: 'stage',
                      values: [
                        state.stageOptions[raw.values.length % state.stageOptions.length]!.value,
                      ],
                    }
                  : raw.kind === 'discipline' && state.disciplineOptions.length > 0
                    ? { kind: 'discipline', value: state.disciplineOptions[0]!.value }
                    : raw;
            const result = apply(state, action);
            if (result.ok) {
              state = result.value;
              if (action.kind === 'project') chosenProject = true;
            }
            check(chosenProject);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('nothing changes a read-only document', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTRACT_DOC_TYPES),
        fc.array(actionArb, { maxLength: 10 }),
        (type, actions) => {
          const state = loadContractDoc({
            type,
            readOnly: true,
            projects: PROJECTS,
            settings: SETTINGS,
          });
          for (const action of actions) {
            const result = apply(state, action);
            expect(result.ok).toBe(false);
          }
        },
      ),
    );
  });
});
