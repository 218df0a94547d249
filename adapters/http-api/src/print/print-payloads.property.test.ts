import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUS,
  buildApprovalDetailBO,
  isIssuedPrint,
  selfApprovalNoteText,
  type ApprovalDetailAnswer,
  type ApprovalState,
  type SignedApprovalLogEntry,
} from '@dpms/core';
import {
  approvalSheetPrint,
  contractDocumentPrint,
  printedTime,
  printableApproval,
  type PrintSources,
} from './print-payloads.js';
import { canonicalJson } from './printed-pdf-store.js';

/** Rebuilds an object with its keys in reverse order, at every depth. */
const reversedKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reversedKeys)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .reverse()
            .map(([k, x]) => [k, reversedKeys(x)]),
        )
      : v;

describe('the stored PDF key', () => {
  it('is the same for equal payloads whatever their key order, and differs when a value does', () => {
    fc.assert(
      fc.property(fc.object(), fc.string(), (o, extra) => {
        expect(canonicalJson(reversedKeys(o))).toBe(canonicalJson(o));
        const changed = { ...o, __changed: extra };
        expect(canonicalJson(changed)).not.toBe(canonicalJson(o));
      }),
    );
  });
});

describe('the signer of each printed signature row', () => {
  const sources = (names: Record<string, string>): PrintSources => ({
    userNames: (ids) =>
      Promise.resolve(Object.fromEntries([...ids].map((id) => [id, names[id] ?? '']))),
    readSignature: () => Promise.resolve(null),
    timeZone: () => Promise.resolve('Asia/Shanghai'),
  });

  it('is the actor of the log entry behind that row of core’s approvalDetailBO, for any log', async () => {
    const entry = fc.record({
      action: fc.constantFrom('approve', 'reject', 'return', 'transfer', 'cc'),
      node: fc.nat(4),
      target: fc.nat(4),
      round: fc.constantFrom(1, 2),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(entry, { maxLength: 20 }),
        async (n, raw) => {
          const nodes = Array.from({ length: n }, (_, i) => ({
            nodeId: `n${i}`,
            nodeName: `节点${i}`,
            mode: 'any' as const,
            assignees: [`${i}`],
          }));
          const log: SignedApprovalLogEntry[] = raw.map((e, i) => ({
            action: e.action,
            actor: `${100 + i}`,
            round: e.round,
            version: i + 1,
            fromStatus: 0,
            toStatus: 0,
            nodeId: `n${e.node % n}`,
            nodeName: `节点${e.node % n}`,
            opinion: `意见${i}`,
            target: `n${e.target % n}`,
            signUrl: null,
          }));
          const state = {
            status: 1,
            round: 2,
            nodes,
            currentNodeIndex: n,
          } as unknown as ApprovalState;
          const bo = buildApprovalDetailBO(state, log, null);
          const answer = {
            approvalDetailBO: bo,
            attachmentList: [],
            sealImagesList: [],
            imgFiles: [],
            currentSignRecord: null,
            approval: { nodes, round: 2 },
            log: log.map((e, i) => ({
              action: e.action,
              actorId: e.actor,
              round: e.round,
              version: e.version,
              nodeId: e.nodeId ?? null,
              nodeName: e.nodeName ?? null,
              opinion: e.opinion ?? null,
              target: e.target ?? null,
              signUrl: null,
              createTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
            })),
          } as unknown as ApprovalDetailAnswer;
          const names = Object.fromEntries(log.map((e) => [e.actor, `签署人${e.actor}`]));
          const printed = await printableApproval(answer, sources(names));
          const rows = printed.approvalDetailBO.approvalNodeList as unknown as readonly {
            nodeId: string;
            content: string;
            approvalUserName: string;
          }[];
          expect(rows.map((r) => r.nodeId)).toEqual(bo.approvalNodeList.map((r) => r.nodeId));
          for (const row of rows) {
            // The opinion names the entry (意见<i>); its actor is 100 + i.
            const i = Number(row.content.replace('意见', ''));
            expect(row.approvalUserName).toBe(`签署人${100 + i}`);
          }
        },
      ),
    );
  });
});

describe('the printed time', () => {
  it('shows any instant as yyyy-MM-dd HH:mm eight hours ahead of UTC in Asia/Shanghai', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const shown = printedTime(d.toISOString(), 'Asia/Shanghai');
          expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
          const back = Date.parse(`${shown.replace(' ', 'T')}:00+08:00`);
          expect(Math.floor(d.getTime() / 60_000) * 60_000).toBe(back);
        },
      ),
    );
    expect(printedTime(null, 'Asia/Shanghai')).toBe('');
    expect(printedTime('not a time', 'Asia/Shanghai')).toBe('not a time');
    expect(printedTime('2026-11-25T14:55:32.823Z', 'UTC')).toBe('2026-11-25 14:55');
  });
});

describe('the printed signature images', () => {
  it('keeps inlined png and jpeg images and signatures, and drops any other address', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const sources: PrintSources = {
      userNames: () => Promise.resolve({}),
      readSignature: (id) =>
        Promise.resolve(
          id === 'sig1' ? { contentType: 'image/png', data: new Uint8Array([1, 2, 3]) } : null,
        ),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
    };
    const printed = async (creatorSignUrl: string) =>
      (
        await printableApproval(
          {
            approvalDetailBO: {
              creatorSignUrl,
              approvalNodeList: [],
              unApprovalList: [],
              currentNodeName: '',
            },
            attachmentList: [],
            approval: { nodes: [], round: 1 },
            log: [],
          } as unknown as ApprovalDetailAnswer,
          sources,
        )
      ).approvalDetailBO.creatorSignUrl;
    expect(await printed(png)).toBe(png);
    expect(await printed('/prod-api/system/user/profile/signature/sig1')).toBe(
      'data:image/png;base64,AQID',
    );
    for (const planted of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.example/sign.png',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await printed(planted), planted).toBeNull();
    }
  });
});

describe('the printed separation-of-duties notes', () => {
  it('carry the names of who holds each node the drafter could not, as the sheet prints them', async () => {
    const sources: PrintSources = {
      userNames: (ids) =>
        Promise.resolve(
          Object.fromEntries(
            [...ids].filter((id) => id === '11').map((id) => [id, '陈总'] as const),
          ),
        ),
      readSignature: () => Promise.resolve(null),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
    };
    const note = (nodeName: string, outcome: 'skipped' | 'escalated', assignees: string[]) => ({
      nodeId: nodeName,
      nodeName,
      handling: 'escalate' as const,
      outcome,
      reason: '拟稿人本人为该节点审批人',
      assignees,
    });
    const printed = await printableApproval(
      {
        approvalDetailBO: {
          creatorSignUrl: null,
          approvalNodeList: [],
          unApprovalList: [],
          currentNodeName: '经营部',
          nodeNotes: [note('部门负责人', 'skipped', []), note('经营部', 'escalated', ['11'])],
        },
        attachmentList: [],
        approval: { nodes: [], round: 1 },
        log: [],
      } as unknown as ApprovalDetailAnswer,
      sources,
    );
    expect(
      printed.approvalDetailBO.nodeNotes?.map((n) => [
        n.nodeName,
        selfApprovalNoteText(n.nodeName, n, n.assigneeNames ?? []),
      ]),
    ).toEqual([
      ['部门负责人', '部门负责人：已跳过（拟稿人本人为该节点审批人）'],
      ['经营部', '经营部：拟稿人本人为该节点审批人，已上报至陈总'],
    ]);
  });
});

describe('an issued print (signed by the institute)', () => {
  const sources: PrintSources = {
    userNames: () => Promise.resolve({}),
    readSignature: () => Promise.resolve(null),
    timeZone: () => Promise.resolve('Asia/Shanghai'),
  };
  const answerWith = (status: number) =>
    ({
      approvalDetailBO: {
        creatorSignUrl: null,
        approvalNodeList: [],
        unApprovalList: [],
        currentNodeName: '',
      },
      attachmentList: [],
      sealImagesList: [],
      imgFiles: [],
      currentSignRecord: null,
      approval: {
        approvalId: '7',
        title: '合同评审',
        typeName: '合同评审',
        drafterId: '1',
        nodes: [],
        round: 1,
        status,
        content: {},
        createTime: '2026-11-27T02:00:00.000Z',
        submitTime: null,
      },
      log: [],
    }) as unknown as ApprovalDetailAnswer;

  it('is the sheet and the contract document of an approval that passed, and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.values(APPROVAL_STATUS)), async (status) => {
        const answer = answerWith(status);
        const sheet = await approvalSheetPrint(answer, sources);
        const document = await contractDocumentPrint(
          {
            documentId: 1,
            docType: 1,
            contractName: '合同',
            values: {},
            approvalId: '7',
            createByName: '王经营',
            createTime: new Date('2026-11-27T02:00:00Z'),
          },
          answer,
          sources,
        );
        const approved = status === APPROVAL_STATUS.APPROVED;
        expect(isIssuedPrint(sheet)).toBe(approved);
        expect(isIssuedPrint(document)).toBe(approved);
      }),
    );
    const draft = await contractDocumentPrint(
      {
        documentId: 1,
        docType: 1,
        contractName: '合同',
        values: {},
        approvalId: null,
        createByName: '王经营',
        createTime: new Date('2026-11-27T02:00:00Z'),
      },
      null,
      sources,
    );
    expect(isIssuedPrint(draft)).toBe(false);
  });
});
