import { describe, expect, it } from 'vitest';
import { appendHistory, type RecordHistoryRepository } from './contract-write.js';

describe('appendHistory', () => {
  const at = new Date('2026-01-02T03:04:05Z');
  const actor = { userId: 7, userName: '经营部负责人' };

  it('appends who changed what and when, under the record kind', async () => {
    const lines: Parameters<RecordHistoryRepository['append']>[0][] = [];
    const history: RecordHistoryRepository = {
      append: (e) => {
        lines.push(e);
        return Promise.resolve();
      },
    };
    await appendHistory(history, {
      recordKind: 'lixiang',
      recordId: 3,
      action: 'update',
      changes: { totalAmount: ['1', '2'] },
      actor,
      at,
    });
    expect(lines).toEqual([
      {
        recordKind: 'lixiang',
        recordId: 3,
        action: 'update',
        changes: { totalAmount: ['1', '2'] },
        userId: 7,
        userName: '经营部负责人',
        at,
      },
    ]);
  });

  it('does nothing without a history repository', async () => {
    await expect(
      appendHistory(undefined, {
        recordKind: 'contractChild',
        recordId: 1,
        action: 'add',
        changes: {},
        actor,
        at,
      }),
    ).resolves.toBeUndefined();
  });
});
