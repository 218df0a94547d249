import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONTRACT_LIST_SESSION_KEYS,
  SIDE_PANEL_CONTRACT_TYPES,
  SIDE_PANEL_INITIAL,
  contractDetailsNavigation,
  isSidePanelClickAllowed,
  shouldRefreshContractList,
  toggleSidePanel,
  visibleSidePanelGroups,
} from './side-panel.js';

describe('side panel toggle lock', () => {
  it('ignores clicks for 300 ms after a toggle', () => {
    const opened = toggleSidePanel(SIDE_PANEL_INITIAL, 1000);
    expect(opened.open).toBe(true);
    expect(toggleSidePanel(opened, 1299)).toBe(opened);
    expect(toggleSidePanel(opened, 1300).open).toBe(false);
    expect(isSidePanelClickAllowed(null, 0)).toBe(true);
  });
  it('never toggles twice within 300 ms (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 40 }), (gaps) => {
        let state = SIDE_PANEL_INITIAL;
        let now = 0;
        const toggles: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const next = toggleSidePanel(state, now);
          if (next.open !== state.open) toggles.push(now);
          state = next;
        }
        for (let i = 1; i < toggles.length; i++) {
          expect((toggles[i] ?? 0) - (toggles[i - 1] ?? 0)).toBeGreaterThanOrEqual(300);
        }
      }),
    );
  });
});

describe('details button', () => {
  it('goes to the list of its type and stores the type and the refresh flag', () => {
    expect(contractDetailsNavigation(SIDE_PANEL_CONTRACT_TYPES.unSign)).toEqual({
      path: '/project/unSignList',
      sessionWrites: [
        { key: CONTRACT_LIST_SESSION_KEYS.contractType, value: 'unSign' },
        { key: CONTRACT_LIST_SESSION_KEYS.refresh, value: 'true' },
      ],
    });
    expect(contractDetailsNavigation(SIDE_PANEL_CONTRACT_TYPES.approval).path).toBe(
      '/project/approveList',
    );
    expect(contractDetailsNavigation('unEffective').path).toBe('/project/contractList');
    expect(contractDetailsNavigation('anything').path).toBe('/project/contractList');
  });
  it('reads the refresh flag', () => {
    expect(shouldRefreshContractList('true')).toBe(true);
    expect(shouldRefreshContractList(null)).toBe(false);
  });
});

describe('visibleSidePanelGroups', () => {
  it('shows pending-signing only to xs_jybfzr (and admin)', () => {
    expect(visibleSidePanelGroups(['pm']).map((g) => g.key)).toEqual(['unEffective', 'decl']);
    expect(visibleSidePanelGroups(['xs_jybfzr']).map((g) => g.key)).toEqual([
      'unEffective',
      'stay',
      'decl',
    ]);
    expect(visibleSidePanelGroups(['admin']).map((g) => g.key)).toEqual([
      'unEffective',
      'stay',
      'decl',
    ]);
  });
});
