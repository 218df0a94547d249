import ExcelJS from 'exceljs';
import {
  APPROVAL_STATUS_LABELS,
  historyRows,
  selfApprovalNoteText,
  sheetFigureLabel,
  waitingNodeLine,
  waitingNodes,
  type ApprovalDetailAnswer,
  type ApprovalSheet,
  type SheetFigure,
} from '@dpms/core';
import { cellValue, numFmtOf, type XlsxCellKind, type XlsxValue } from '../../http/xlsx.js';

/*
 * The approval export (`GET /project/approval/export`, xlsx): the same sheet the screen and the
 * PDF show (the record's figures under their labels, ApprovalSheets.sheetOf) and every round of
 * the history, for finance to file and total. Cells are written as the list exports write them
 * (http/xlsx.ts): amounts money, rates percent, days dates and instants the institute's wall
 * clock as Excel dates.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface Cell {
  readonly value: ExcelJS.CellValue;
  readonly numFmt?: string | undefined;
}

/** A value as the list exports write its kind (the shared `cellValue` and `numFmtOf`). */
const kindCell = (value: XlsxValue, kind: XlsxCellKind, zone: string): Cell => ({
  value: cellValue(value, kind, zone),
  numFmt: numFmtOf(kind),
});

/**
 * A figure's value (or its value before) as a cell: amounts in 万元 as money, rates (in percent
 * on the sheet) as percent, days as dates; a time the sheet already shows on the institute's
 * clock (`yyyy-MM-dd HH:mm`, core's formatInstant) as the date of that wall clock; other text
 * as it is.
 */
export function figureCell(f: SheetFigure, text: string | undefined, zone: string): Cell {
  if (text === undefined || text === '') return { value: null };
  if (f.unit === '万元' && DECIMAL.test(text)) return kindCell(text, 'money', zone);
  if (f.unit === '%' && DECIMAL.test(text)) return kindCell(`${text}%`, 'percent', zone);
  if (DAY.test(text)) return kindCell(text, 'date', zone);
  const at = WALL_CLOCK.exec(text);
  if (at !== null)
    return {
      value: new Date(Date.UTC(+at[1]!, +at[2]! - 1, +at[3]!, +at[4]!, +at[5]!)),
      numFmt: numFmtOf('instant'),
    };
  return { value: text };
}

const put = (row: ExcelJS.Row, col: number, cell: Cell) => {
  const c = row.getCell(col);
  c.value = cell.value;
  if (cell.numFmt !== undefined) c.numFmt = cell.numFmt;
};

const header = (ws: ExcelJS.Worksheet, columns: readonly [string, number][]) => {
  ws.columns = columns.map(([h, width]) => ({ header: h, width }));
  ws.getRow(1).font = { bold: true };
};

/**
 * The workbook: 审批单 (the approval, its record's figures by section, who holds the waiting
 * nodes, the nodes separation of duties changed) and 审批记录 (every action of every round).
 */
export function approvalWorkbook(
  detail: ApprovalDetailAnswer,
  sheet: ApprovalSheet,
  names: Readonly<Record<string, string>>,
  zone: string,
): ExcelJS.Workbook {
  const nameOf = (id: string) => names[id] ?? id;
  const a = detail.approval;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('审批单');
  header(ws, [
    ['分组', 16],
    ['项目', 24],
    ['内容', 40],
    ['原值', 20],
  ]);
  const line = (group: string, label: string, value: Cell, before: Cell = { value: null }) => {
    const row = ws.addRow([group, label]);
    put(row, 3, value);
    put(row, 4, before);
  };
  line('审批', '审批类型', { value: a.typeName });
  line('审批', '标题', { value: a.title });
  line('审批', '状态', { value: APPROVAL_STATUS_LABELS[a.status] });
  line('审批', '拟稿人', { value: nameOf(a.drafterId) });
  line('审批', '提交时间', kindCell(a.submitTime ?? a.createTime, 'instant', zone));
  line('审批', '轮次', { value: a.round });
  for (const n of waitingNodes(detail.approvalDetailBO, nameOf))
    line('待审批节点', n.nodeName, { value: waitingNodeLine(n) });
  for (const s of sheet.sections)
    for (const f of s.figures)
      line(
        s.title,
        sheetFigureLabel(f),
        figureCell(f, f.value, zone),
        figureCell(f, f.before, zone),
      );
  // The nodes separation of duties skipped or gave to someone else, an earlier round's marked.
  for (const n of detail.approvalDetailBO.nodeNotes ?? [])
    line(
      '节点说明',
      n.earlierRound === undefined ? n.nodeName : `第${String(n.earlierRound)}轮 ${n.nodeName}`,
      {
        value: selfApprovalNoteText(n.nodeName, n, n.assignees.map(nameOf)).slice(
          n.nodeName.length + 1,
        ),
      },
    );

  const log = wb.addWorksheet('审批记录');
  header(log, [
    ['轮次', 8],
    ['时间', 18],
    ['操作人', 14],
    ['节点', 16],
    ['操作', 18],
    ['意见', 40],
  ]);
  historyRows(detail.log, nameOf, zone).forEach((h, i) => {
    const row = log.addRow([h.round]);
    put(row, 2, kindCell(detail.log[i]?.createTime, 'instant', zone));
    row.getCell(3).value = h.actorName;
    row.getCell(4).value = h.nodeName;
    row.getCell(5).value = h.action;
    row.getCell(6).value = h.opinion;
  });
  return wb;
}
