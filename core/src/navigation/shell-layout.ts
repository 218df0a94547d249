/** Below this body width the shell uses the mobile layout (000 §2, §9). */
export const MOBILE_WIDTH_THRESHOLD_PX = 992;

/**
 * Whether the shell uses the mobile layout: on a mobile device, or when the body is narrower
 * than 992 px. Why `<`: the spec says "under 992 px", so exactly 992 is still desktop.
 */
export function isMobileLayout(isMobileDevice: boolean, bodyWidth: number): boolean {
  return isMobileDevice || bodyWidth < MOBILE_WIDTH_THRESHOLD_PX;
}

export type ShellDevice = 'desktop' | 'mobile';

export interface SidebarState {
  readonly opened: boolean;
  /** Close without the slide animation (on a resize into the mobile layout). */
  readonly withoutAnimation: boolean;
  readonly device: ShellDevice;
}

export const SIDEBAR_INITIAL: SidebarState = {
  opened: true,
  withoutAnimation: false,
  device: 'desktop',
};

export type SidebarEvent =
  | { readonly type: 'toggle' }
  | { readonly type: 'clickOutside' }
  | {
      readonly type: 'layoutChanged';
      readonly isMobileDevice: boolean;
      readonly bodyWidth: number;
    };

/**
 * The collapsible sidebar: the burger toggles it; on mobile a click outside closes it; moving
 * into the mobile layout closes it at once.
 */
export function sidebarReducer(state: SidebarState, event: SidebarEvent): SidebarState {
  switch (event.type) {
    case 'toggle':
      return { ...state, opened: !state.opened, withoutAnimation: false };
    case 'clickOutside':
      return state.device === 'mobile' && state.opened
        ? { ...state, opened: false, withoutAnimation: false }
        : state;
    case 'layoutChanged': {
      const device: ShellDevice = isMobileLayout(event.isMobileDevice, event.bodyWidth)
        ? 'mobile'
        : 'desktop';
      if (device === 'mobile') return { device, opened: false, withoutAnimation: true };
      return device === state.device ? state : { ...state, device };
    }
  }
}

/** The dim mask behind the open sidebar, which takes the outside click, shows on mobile only. */
export function showsSidebarMask(state: SidebarState): boolean {
  return state.device === 'mobile' && state.opened;
}
