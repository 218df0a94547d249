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
} as const;
