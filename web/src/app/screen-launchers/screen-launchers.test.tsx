import { APPROVAL_TYPE_CATALOGUE, approvalRecordLink, opensScreenForm } from '@dpms/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import {
  ScreenLauncher,
  screenLauncherOf as launcherIn,
} from '../../features/approval/ScreenLauncher';
import { openCentre } from '../../features/approval/screen-test-kit';
import { SCREEN_LAUNCHERS } from './screen-launchers';

const screenLauncherOf = (code: string) => launcherIn(SCREEN_LAUNCHERS, code);

describe('发起审批 of a screen kind', () => {
  it('offers the record screen’s own form for every code only its screen sends or whose form is its screen’s (loan, closing), filing changes aside', () => {
    const screenCodes = APPROVAL_TYPE_CATALOGUE.filter((t) => opensScreenForm(t.record));
    expect(screenCodes.length).toBeGreaterThan(20);
    const without = screenCodes.filter((t) => screenLauncherOf(t.code) === undefined);
    // 12_x (filing change) has no screen that sends it yet: it may keep the note.
    expect(without.map((t) => t.code).filter((c) => !c.startsWith('12_'))).toEqual([]);
  });

  it('offers no launcher for a code 发起审批 drafts itself or creates through its record', () => {
    const others = APPROVAL_TYPE_CATALOGUE.filter((t) => !opensScreenForm(t.record));
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

/** The button each screen's own send carries, as on the screen. */
const SCREEN_BUTTONS: Readonly<Record<string, string>> = {
  '1': '提交评审',
  '2': '提交审批',
  '5': '提交审批',
  '8': '新增计划',
  '9': '登记执行',
  '10': '申请借款',
  '11_1': '新增结算',
  '11_2': '新增结案',
  '13': '提交审批',
  '16': '新增付款',
  '20': '新增付款',
  '24': '提交审批',
  '26': '登记执行',
};

describe('every screen code in 发起审批', () => {
  const launched = APPROVAL_TYPE_CATALOGUE.filter(
    (t) => opensScreenForm(t.record) && screenLauncherOf(t.code) !== undefined,
  );
  it.each(launched.map((t) => [t.code, t.kind] as const))(
    '%s is chosen under its form kind and shows its screen’s own send',
    async (code, kind) => {
      const { form } = await openCentre(kind, code, {});
      const button = SCREEN_BUTTONS[code] ?? SCREEN_BUTTONS[code.split('_')[0] ?? ''];
      // The first is the screen's own form or send; a draft's 送审 may follow.
      expect(within(form).getAllByTestId('screen-launch')[0]?.textContent).toBe(button);
      const screenName = approvalRecordLink(code)?.screen ?? '';
      expect(within(form).getByTestId('record-screen-only').textContent).toContain(screenName);
    },
  );
});
