import type { FundPlanSheet } from '@dpms/core';
import { recordAuthor } from './record-author.js';
import { fundRecordDept } from './record-people.js';
import type { Db } from './sql-fund-plan-rows.js';

const TABLES = { plan: 'fund_plan', perform: 'fund_perform' } as const;

/**
 * What the approval asks of a plan or an execution sheet: who drafted it and its department
 * (applyDeptId). The base of `SqlFundPlanRepository`, which holds the rest of the port.
 */
export class SqlFundPlanSheets {
  constructor(protected readonly db: Db) {}

  authorOf(sheet: FundPlanSheet, recordId: string) {
    return recordAuthor(this.db, TABLES[sheet], recordId);
  }

  personOf(sheet: FundPlanSheet, recordId: string, field: string) {
    return fundRecordDept(this.db, TABLES[sheet], recordId, field);
  }
}
