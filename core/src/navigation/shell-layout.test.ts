import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SIDEBAR_INITIAL,
  isMobileLayout,
  showsSidebarMask,
  sidebarReducer,
} from './shell-layout.js';

describe('isMobileLayout', () => {
  it('is mobile on a mobile device or under 992 px', () => {
    expect(isMobileLayout(true, 1920)).toBe(true);
    expect(isMobileLayout(false, 991)).toBe(true);
    expect(isMobileLayout(false, 992)).toBe(false);
    fc.assert(
      fc.property(fc.nat(5000), (w) => {
        expect(isMobileLayout(false, w)).toBe(w < 992);
      }),
    );
  });
});

describe('sidebarReducer', () => {
  it('closes on an outside click only on mobile', () => {
    const desktop = sidebarReducer(SIDEBAR_INITIAL, { type: 'clickOutside' });
    expect(desktop.opened).toBe(true);
    let mobile = sidebarReducer(SIDEBAR_INITIAL, {
      type: 'layoutChanged',
      isMobileDevice: false,
      bodyWidth: 500,
    });
    expect(mobile).toEqual({ device: 'mobile', opened: false, withoutAnimation: true });
    mobile = sidebarReducer(mobile, { type: 'toggle' });
    expect(showsSidebarMask(mobile)).toBe(true);
    mobile = sidebarReducer(mobile, { type: 'clickOutside' });
    expect(mobile.opened).toBe(false);
    const back = sidebarReducer(mobile, {
      type: 'layoutChanged',
      isMobileDevice: false,
      bodyWidth: 1400,
    });
    expect(back.device).toBe('desktop');
  });
});
