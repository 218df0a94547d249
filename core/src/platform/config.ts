import { domainError, type DomainError } from '../shared/result.js';
import { invalidTimeZoneMessage, isTimeZone } from './institute-clock.js';

export interface SysConfig {
  readonly configId: number;
  readonly configName: string;
  readonly configKey: string;
  readonly configValue: string;
  /** 'Y' built in (cannot be deleted), 'N' added by an administrator. */
  readonly configType: 'Y' | 'N';
  readonly remark: string;
  readonly createTime: Date;
}

export interface NewConfig {
  readonly configName: string;
  readonly configKey: string;
  readonly configValue: string;
  readonly configType?: 'Y' | 'N';
  readonly remark?: string;
}
export type ConfigPatch = Partial<NewConfig>;

export interface ConfigFilter {
  readonly configName?: string;
  readonly configKey?: string;
  readonly configType?: 'Y' | 'N';
  readonly createTime?: { readonly from?: Date; readonly to?: Date };
}

export const CONFIG_SORT_COLUMNS = ['configId', 'configName', 'configKey', 'createTime'] as const;
export type ConfigSortColumn = (typeof CONFIG_SORT_COLUMNS)[number];

/** Config keys the spec and the server read. */
export const CONFIG_KEYS = {
  platformName: 'platformName',
  fundPlanSwitch: 'fund_plan_switch',
  subPhone: 'subPhone',
  subAddress: 'subAddress',
  subOpenBank: 'subOpenBank',
  subOpenBankNum: 'subOpenBankNum',
  subTaxpayerNum: 'subTaxpayerNum',
  signBySub: 'signBySub',
  captchaEnabled: 'sys.account.captchaEnabled',
  instituteTimeZone: 'sys.institute.timeZone',
} as const;

/**
 * The rule a config value must keep before it is stored, by key; null when it may be stored. The
 * institute's time zone must be a zone the runtime knows, or every screen, export and PDF would
 * fall back to the default without saying so.
 */
export function configValueError(key: string, value: string): DomainError | null {
  if (key === CONFIG_KEYS.instituteTimeZone && !isTimeZone(value.trim()))
    return domainError(
      'VALIDATION.INVALID_TIME_ZONE',
      invalidTimeZoneMessage(value),
      'configValue',
    );
  return null;
}
