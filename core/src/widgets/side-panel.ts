import { hasRole } from '../session/permission.js';

/** Clicks on the summary panel's handle are ignored for this long after each toggle (000 §2). */
export const SIDE_PANEL_TOGGLE_LOCK_MS = 300;

export interface SidePanelState {
  readonly open: boolean;
  /** When the panel last toggled (ms, from the caller's clock), or null if it never did. */
  readonly lastToggleAt: number | null;
}

export const SIDE_PANEL_INITIAL: SidePanelState = { open: false, lastToggleAt: null };

/**
 * Whether a click at `now` may toggle the panel. Why `>=`: the lock lasts 300 ms, so a click
 * exactly 300 ms later is the first one accepted.
 */
export function isSidePanelClickAllowed(lastToggleAt: number | null, now: number): boolean {
  return lastToggleAt === null || now - lastToggleAt >= SIDE_PANEL_TOGGLE_LOCK_MS;
}

/** A click on the panel's handle at `now`: toggles it unless the lock is still on. */
export function toggleSidePanel(state: SidePanelState, now: number): SidePanelState {
  if (!isSidePanelClickAllowed(state.lastToggleAt, now)) return state;
  return { open: !state.open, lastToggleAt: now };
}

/**
 * Contract types the panel's details buttons store. The spec names the types (unsigned,
 * approval, any other) but not their values; these are ours and only the panel and the contract
 * lists read them.
 */
export const SIDE_PANEL_CONTRACT_TYPES = {
  /** Pending-effective projects. */
  unEffective: 'unEffective',
  /** Pending-signing (unsigned, "stay") projects. */
  unSign: 'unSign',
  /** Approval-stage (declared) projects. */
  approval: 'approval',
} as const;

/** Session-storage keys the details button writes and the contract lists read. */
export const CONTRACT_LIST_SESSION_KEYS = {
  contractType: 'contractType',
  refresh: 'contractListRefresh',
} as const;

/** The value of the refresh flag; the list clears the key once it has refreshed. */
export const CONTRACT_LIST_REFRESH_VALUE = 'true';

export const CONTRACT_LIST_PATHS = {
  unSign: '/project/unSignList',
  approval: '/project/approveList',
  other: '/project/contractList',
} as const;

export interface SessionWrite {
  readonly key: string;
  readonly value: string;
}

export interface DetailsNavigation {
  readonly path: string;
  /** Written to session storage, in order, before navigating. */
  readonly sessionWrites: readonly SessionWrite[];
}

/** Where a details button goes for `contractType`, and what it stores first (000 §2, 001 §2). */
export function contractDetailsNavigation(contractType: string): DetailsNavigation {
  const path =
    contractType === SIDE_PANEL_CONTRACT_TYPES.unSign
      ? CONTRACT_LIST_PATHS.unSign
      : contractType === SIDE_PANEL_CONTRACT_TYPES.approval
        ? CONTRACT_LIST_PATHS.approval
        : CONTRACT_LIST_PATHS.other;
  return {
    path,
    sessionWrites: [
      { key: CONTRACT_LIST_SESSION_KEYS.contractType, value: contractType },
      { key: CONTRACT_LIST_SESSION_KEYS.refresh, value: CONTRACT_LIST_REFRESH_VALUE },
    ],
  };
}

/** Whether a contract list must reload, given the stored refresh flag. */
export function shouldRefreshContractList(storedFlag: string | null | undefined): boolean {
  return storedFlag === CONTRACT_LIST_REFRESH_VALUE;
}

/** Holders of this role see the pending-signing group (000 §6). */
export const PENDING_SIGNING_ROLE = 'xs_jybfzr';

export interface SidePanelField {
  /** Field of the summary answer. */
  readonly key: string;
  readonly label: string;
}

export interface SidePanelGroup {
  readonly key: 'unEffective' | 'stay' | 'decl';
  readonly title: string;
  readonly fields: readonly SidePanelField[];
  /** The contract type its details button stores; undefined when it has no details button. */
  readonly detailsType?: string;
  /** Role needed to see it; undefined when everyone sees it. */
  readonly requiredRole?: string;
}

/**
 * The three groups of the contract summary panel. Titles and labels are our Chinese for the
 * spec's glosses; amounts are in 万元 like every amount (DESIGN §3).
 */
export const SIDE_PANEL_GROUPS: readonly SidePanelGroup[] = [
  {
    key: 'unEffective',
    title: '待生效项目（万元）',
    fields: [{ key: 'unEffectiveTotalAmount', label: '合同金额' }],
  },
  {
    key: 'stay',
    title: '待签约项目（万元）',
    fields: [
      { key: 'stayTotalAmount', label: '预计合同额' },
      { key: 'stayReceiveAmount', label: '已收款' },
    ],
    detailsType: SIDE_PANEL_CONTRACT_TYPES.unSign,
    requiredRole: PENDING_SIGNING_ROLE,
  },
  {
    key: 'decl',
    title: '审批项目（万元）',
    fields: [
      { key: 'declTotalAmount', label: '批复概算' },
      { key: 'declDesignFee', label: '设计费' },
      { key: 'declOperateFee', label: '项目经营费' },
    ],
    detailsType: SIDE_PANEL_CONTRACT_TYPES.approval,
  },
];

/**
 * The groups a user sees. Why through `hasRole`: the original used the role directive, which
 * also lets `admin` through.
 */
export function visibleSidePanelGroups(roles: readonly string[]): SidePanelGroup[] {
  return SIDE_PANEL_GROUPS.filter(
    (group) => group.requiredRole === undefined || hasRole(roles, [group.requiredRole]),
  );
}
