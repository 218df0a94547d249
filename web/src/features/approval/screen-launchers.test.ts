import { APPROVAL_TYPE_CATALOGUE } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { screenLauncherOf } from './screen-launchers';

describe('发起审批 of a screen kind', () => {
  it('offers the record screen’s own form for every code only its screen sends, filing changes aside', () => {
    const screenCodes = APPROVAL_TYPE_CATALOGUE.filter((t) => t.record?.fromCentre === 'screen');
    expect(screenCodes.length).toBeGreaterThan(20);
    // 12_x (filing change) is not a record yet: it keeps the note naming its screen.
    expect(
      screenCodes.filter((t) => screenLauncherOf(t.code) === undefined).map((t) => t.code),
    ).toEqual(['12_1', '12_2', '12_3']);
  });

  it('offers no launcher for a code 发起审批 drafts itself or creates through its record', () => {
    const others = APPROVAL_TYPE_CATALOGUE.filter((t) => t.record?.fromCentre !== 'screen');
    for (const t of others) {
      // A group shared with a screen kind would be a second form for the same code.
      if (screenLauncherOf(t.code) !== undefined) expect.fail(`${t.code} has a screen launcher`);
    }
  });
});
