import { ALL_DATA, type ContractListQuery, type DataScope } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  assertNoSeqScan,
  explainPlan,
  insertGeneratedContracts,
  openTestDatabase,
  testDatabaseKinds,
  type PlanNode,
} from '../testing/index.js';
import { SqlContractRepository } from './sql-contract.repository.js';

const GENERATED = 100_000;

/**
 * DESIGN.md §4: every contract list, on 100,000 generated contracts, reaches its rows through an
 * index, the contains-filters on names and numbers (ILIKE '%…%') included: migration 0031's
 * pg_trgm GIN indexes serve any search of three characters or more, Chinese ones too.
 */
describe.each(testDatabaseKinds())(
  `contract list plans on %s with ${String(GENERATED)} generated contracts`,
  (kind) => {
    let handle: DatabaseHandle;
    let repo: SqlContractRepository;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      repo = new SqlContractRepository(handle.db);
      await insertGeneratedContracts(handle.db, GENERATED);
    }, 300_000);
    afterAll(() => handle.close());

    const page = { pageNum: 3, pageSize: 20 };
    const contracts = ['contract', 'formal'] as const;
    const cases: Array<[string, ContractListQuery, DataScope]> = [
      ['contracts, newest first', { filter: { stages: contracts }, page }, ALL_DATA],
      [
        'formal contracts by sign date',
        { filter: { stages: ['formal'] }, page, sort: { column: 'signDate', direction: 'asc' } },
        ALL_DATA,
      ],
      [
        'formal contracts by amount',
        {
          filter: { stages: ['formal'] },
          page,
          sort: { column: 'totalAmount', direction: 'desc' },
        },
        ALL_DATA,
      ],
      [
        'unsigned by contract number',
        { filter: { stages: ['stay'] }, page, sort: { column: 'contractNo', direction: 'asc' } },
        ALL_DATA,
      ],
      [
        'declared, last updated',
        {
          filter: { stages: ['declare'] },
          page,
          sort: { column: 'updateTime', direction: 'desc' },
        },
        ALL_DATA,
      ],
      ['unEffective unsigned', { filter: { stages: ['stay'], effective: false }, page }, ALL_DATA],
      ['a business source', { filter: { stages: ['formal'], bizSource: '2' }, page }, ALL_DATA],
      ['a service manager', { filter: { stages: contracts, serviceManagerId: 7 }, page }, ALL_DATA],
      [
        'a sign-date window',
        {
          filter: { stages: ['formal'], signDateFrom: '2022-01-01', signDateTo: '2022-01-31' },
          page,
          sort: { column: 'signDate', direction: 'asc' },
        },
        ALL_DATA,
      ],
      [
        'a department scope',
        { filter: { stages: contracts }, page },
        { kind: 'dept', deptIds: [112] },
      ],
      [
        'a department-and-below scope',
        { filter: { stages: ['stay'] }, page },
        { kind: 'deptAndBelow', deptId: 108 },
      ],
      ['own records', { filter: { stages: contracts }, page }, { kind: 'own', userId: 7 }],
      [
        'a project name contains',
        { filter: { stages: contracts, projectName: '项目4321' }, page },
        ALL_DATA,
      ],
      [
        'a contract name contains',
        { filter: { stages: ['formal'], contractName: '合同8765' }, page },
        ALL_DATA,
      ],
      [
        'a contract number contains',
        { filter: { stages: ['stay'], contractNo: 'GEN-1234' }, page },
        ALL_DATA,
      ],
      [
        'a client name contains, on the unsigned list of a department',
        { filter: { stages: ['stay'], entrustBusinessName: '委托单位77' }, page },
        { kind: 'dept', deptIds: [112] },
      ],
    ];

    it.each(cases)('%s: the page query uses indexes', async (_name, query, scope) => {
      await assertNoSeqScan(
        handle.db,
        await explainPlan(handle.db, repo.listQueries(query, scope).page),
      );
    });

    const indexNames = (node: PlanNode): string[] => [
      ...(node['Index Name'] ? [node['Index Name']] : []),
      ...(node.Plans ?? []).flatMap(indexNames),
    ];
    it.each(cases.filter(([name]) => name.includes('contains')))(
      '%s: the count reads the trigram index',
      async (_name, query, scope) => {
        const plan = await explainPlan(handle.db, repo.listQueries(query, scope).count);
        expect(indexNames(plan).some((n) => n.endsWith('_trgm'))).toBe(true);
      },
    );

    const nodeTypes = (node: PlanNode): string[] => [
      node['Node Type'],
      ...(node.Plans ?? []).flatMap(nodeTypes),
    ];
    // A join kept for the page's columns alone (the approval) stops PostgreSQL from counting from
    // the index only, even though it drops the join from the plan.
    it('the default contract list counts from an index alone', async () => {
      const [, query, scope] = cases[0]!;
      const plan = await explainPlan(handle.db, repo.listQueries(query, scope).count);
      expect(nodeTypes(plan)).toContain('Index Only Scan');
    });

    it.each(cases)('%s: the count query uses indexes', async (_name, query, scope) => {
      await assertNoSeqScan(
        handle.db,
        await explainPlan(handle.db, repo.listQueries(query, scope).count),
      );
    });
  },
);
