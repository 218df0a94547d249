import { TASK_FIELD_LABELS } from '../../task/task-messages.js';
import { TASK_QUALITY_TYPE_LABELS, type DesignTask, type ResultSeal } from '../../task/task.js';
import { APPROVAL_STATUS_LABELS } from '../approval-status.js';
import { SEAL_TYPE_OPTIONS } from '../template-options.js';
import type { TemplateOption } from '../template.js';
import { figure, type ApprovalSheet, type SheetFigure } from './approval-sheet.js';

/* The sheets of the design-task records: the task sheet (3_x), its output value (4_x) and the
 * seal of its results (13_1). */

const label = (key: string): string => TASK_FIELD_LABELS[key] ?? key;
const text = (key: string, value: string): SheetFigure => figure.text(key, label(key), value);

/** An option's name by its value (a dictionary's code); the code itself when unknown. */
const optionName = (options: readonly TemplateOption[], code: string): string => {
  const o = options.find((x) => 'value' in x && x.value === code);
  return o !== undefined && 'text' in o ? o.text : code;
};

/**
 * The seal types' names (stored as the seal_type dictionary's codes), in the order chosen: the
 * dictionary as the administrator keeps it, core's defaults where it is empty.
 */
export const sealTypeNames = (
  codes: readonly string[],
  options: readonly TemplateOption[] = SEAL_TYPE_OPTIONS,
): string => codes.map((c) => optionName(options, c)).join('、');

/** The task's people and contract, as every task sheet opens. */
const taskFigures = (t: DesignTask): SheetFigure[] => [
  figure.text('taskNo', '任务单编号', t.taskNo),
  figure.text('taskName', '任务名称', t.taskName),
  figure.text('contractName', '合同名称', t.contractName),
  figure.text('projectName', '项目名称', t.projectName),
  figure.text('designUserName', '设计主持', t.designUserName),
  figure.text('projectManagerName', '项目经理', t.projectManagerName),
  figure.text('deptName', '设计部门', t.deptName),
];

/**
 * 设计任务单 (3_x), or 产值确认单 (4_x) of the same task: who designs which stage and disciplines
 * by when, and the task's output value with what is confirmed finished of it.
 */
export function designTaskSheet(t: DesignTask, typeCode: string): ApprovalSheet {
  const outputValue = typeCode.startsWith('4_');
  return {
    recordKind: null,
    recordId: String(t.taskId),
    source: 'record',
    title: outputValue ? '产值确认单' : '设计任务单',
    sections: [
      {
        title: '任务信息',
        figures: [
          ...taskFigures(t),
          figure.text('subItemName', '子项名称', t.subItemName),
          figure.text('taskResultName', '成果名称', t.taskResultName),
          figure.text('designStageName', '设计阶段', t.designStageName),
          figure.text('majorNames', '专业', t.majorList.map((m) => m.majorName).join('、')),
          figure.text('planFinishDate', '计划完成日期', t.planFinishDate),
          figure.text('qualityType', '质量要求', TASK_QUALITY_TYPE_LABELS[t.qualityType]),
          ...(t.remark === '' ? [] : [figure.text('remark', '备注', t.remark)]),
        ],
      },
      {
        title: '产值',
        figures: [
          figure.amount('taskAmount', '任务产值', t.taskAmount),
          figure.amount('confirmFinishAmount', '确认完成产值', t.confirmFinishAmount),
        ],
      },
    ],
  };
}

/** A seal request with the task it stamps (null when the task is gone). */
export interface ResultSealSheetFacts {
  readonly seal: ResultSeal;
  readonly task: DesignTask | null;
  /** The seal_type and seal_category dictionaries' items; absent or empty, core's defaults. */
  readonly sealTypeOptions?: readonly TemplateOption[];
  readonly sealCategoryOptions?: readonly TemplateOption[];
}

/**
 * 成果盖章 (13_1): the task and its design host (who signs the seal of his own drawings), the
 * results to stamp by discipline and file, the seals asked for by name, and the drawings.
 */
export function resultSealSheet(f: ResultSealSheetFacts): ApprovalSheet {
  const { seal: s, task } = f;
  const types = f.sealTypeOptions?.length ? f.sealTypeOptions : SEAL_TYPE_OPTIONS;
  const head: SheetFigure[] =
    task === null
      ? [
          figure.text('taskNo', '任务单编号', s.taskNo),
          figure.text('taskName', '任务名称', s.taskName),
          figure.text('contractName', '合同名称', s.contractName),
        ]
      : taskFigures(task);
  return {
    recordKind: null,
    recordId: String(s.resultSealId),
    source: 'record',
    title: '成果盖章',
    sections: [
      { title: '任务信息', figures: head },
      {
        title: '盖章信息',
        figures: [
          figure.text('userName', '申请人', s.nickName),
          text('drawContent', s.drawContent),
          text('drawNum', String(s.drawNum)),
          text('sealCategory', optionName(f.sealCategoryOptions ?? [], s.sealCategory)),
          text('sealType', sealTypeNames(s.sealType, types)),
          ...(s.sealGoalContent === '' ? [] : [text('sealGoalContent', s.sealGoalContent)]),
          text('sealTime', s.sealTime ?? ''),
          figure.text('status', '状态', APPROVAL_STATUS_LABELS[s.status] ?? ''),
        ],
      },
      {
        title: '盖章成果',
        figures: s.results.map((r) =>
          figure.text(
            `result${String(r.resultId)}`,
            r.majorName === '' ? '成果' : r.majorName,
            r.fileName,
          ),
        ),
      },
    ],
  };
}
