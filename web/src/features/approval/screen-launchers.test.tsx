import { APPROVAL_TYPE_CATALOGUE, approvalRecordLink } from '@dpms/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ScreenLauncher } from './ScreenLauncher';
import { screenLauncherOf } from './screen-launchers';

describe('发起审批 of a screen kind', () => {
  it('offers the record screen’s own form for every code only its screen sends, filing changes aside', () => {
    const screenCodes = APPROVAL_TYPE_CATALOGUE.filter((t) => t.record?.fromCentre === 'screen');
    expect(screenCodes.length).toBeGreaterThan(20);
    const without = screenCodes.filter((t) => screenLauncherOf(t.code) === undefined);
    // 12_x (filing change) has no screen that sends it yet: it may keep the note.
    expect(without.map((t) => t.code).filter((c) => !c.startsWith('12_'))).toEqual([]);
  });

  it('offers no launcher for a code 发起审批 drafts itself or creates through its record', () => {
    const others = APPROVAL_TYPE_CATALOGUE.filter((t) => t.record?.fromCentre !== 'screen');
    expect(others.length).toBeGreaterThan(0);
    for (const t of others) {
      // A group shared with a screen kind would be a second form for the same code.
      if (screenLauncherOf(t.code) !== undefined) expect.fail(`${t.code} has a screen launcher`);
    }
  });

  it('names the screen and offers nothing to send when no screen launcher exists for the code', () => {
    const link = approvalRecordLink('1_1');
    if (link === undefined) throw new Error('1_1 carries a contract');
    // A group without a launcher (none is registered for 99).
    renderWithApi(<ScreenLauncher typeCode="99_1" link={link} onDone={vi.fn()} />, new FakeApi({}));
    expect(screen.getByTestId('record-screen-only').textContent).toBe(
      '该类审批关联业务记录，请在“合同管理”中选择记录后提交审批。',
    );
    expect(screen.queryByTestId('screen-launch')).toBeNull();
  });
});
