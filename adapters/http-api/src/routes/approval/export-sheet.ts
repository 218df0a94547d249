import ExcelJS from 'exceljs';
import {
  APPROVAL_STATUS_LABELS,
  formatInstant,
  historyRows,
  selfApprovalNoteText,
  sheetFigureLabel,
  waitingNodeLine,
  waitingNodes,
  type ApprovalDetailAnswer,
  type ApprovalSheet,
  type SheetFigure,
} from '@dpms/core';

/*
 * The approval export (`GET /project/approval/export`, xlsx): the same sheet the screen and the
 * PDF show (the record's figures under their labels, ApprovalSheets.sheetOf) and every round of
 * the history, for finance to file and total. Amounts are numbers in 万元 with a number format,
 * rates numbers in percent, days and instants Excel dates showing the institute's wall clock
 * (Excel dates carry no zone, so the cell holds the time as the institute read it).
 */

/** 万元 to four places with thousands separators, as the finance office reads amounts. */
export const AMOUNT_FORMAT = '#,##0.0000';
export const PERCENT_FORMAT = '0.00##"%"';
export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

type Cell = { value: ExcelJS.CellValue; numFmt?: string };

/**
 * A day `yyyy-MM-dd` or a wall-clock time `yyyy-MM-dd HH:mm` (already on the institute's clock,
 * as core's formatInstant writes it) as an Excel date of that wall clock; other text as it is.
 */
export function timeCell(text: string): Cell {
  const day = DAY.exec(text);
  if (day !== null)
    return { value: new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!)), numFmt: DATE_FORMAT };
  const at = WALL_CLOCK.exec(text);
  if (at !== null)
    return {
      value: new Date(Date.UTC(+at[1]!, +at[2]! - 1, +at[3]!, +at[4]!, +at[5]!)),
      numFmt: DATE_TIME_FORMAT,
    };
  return { value: text };
}

/** A figure's value (or its value before) as a cell: numbers for amounts and rates, dates. */
export function figureCell(f: SheetFigure, text: string | undefined): Cell {
  if (text === undefined || text === '') return { value: null };
  if (f.unit === '万元' && DECIMAL.test(text))
    return { value: Number(text), numFmt: AMOUNT_FORMAT };
  if (f.unit === '%' && DECIMAL.test(text)) return { value: Number(text), numFmt: PERCENT_FORMAT };
  return timeCell(text);
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
  line('审批', '提交时间', timeCell(formatInstant(a.submitTime ?? a.createTime, zone)));
  line('审批', '轮次', { value: a.round });
  for (const n of waitingNodes(detail.approvalDetailBO, nameOf))
    line('待审批节点', n.nodeName, { value: waitingNodeLine(n) });
  for (const s of sheet.sections)
    for (const f of s.figures)
      line(s.title, sheetFigureLabel(f), figureCell(f, f.value), figureCell(f, f.before));
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
  for (const h of historyRows(detail.log, nameOf, zone)) {
    const row = log.addRow([h.round]);
    put(row, 2, timeCell(h.time));
    row.getCell(3).value = h.actorName;
    row.getCell(4).value = h.nodeName;
    row.getCell(5).value = h.action;
    row.getCell(6).value = h.opinion;
  }
  return wb;
}
