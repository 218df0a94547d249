/**
 * Party A's details come from company settings (001 §7): six config keys read in parallel
 * through GET system/config/configKey/{key}; the value is in `msg` and only code 200 counts.
 */
export const COMPANY_SETTING_KEYS = [
  'subPhone',
  'subAddress',
  'subOpenBank',
  'subOpenBankNum',
  'subTaxpayerNum',
  'signBySub',
] as const;
export type CompanySettingKey = (typeof COMPANY_SETTING_KEYS)[number];

export type CompanySettings = Readonly<Record<CompanySettingKey, string>>;

/** A config read's answer as the spec reads it. */
export interface ConfigAnswer {
  readonly code: number;
  readonly msg?: string | null;
}

export const EMPTY_COMPANY_SETTINGS: CompanySettings = {
  subPhone: '',
  subAddress: '',
  subOpenBank: '',
  subOpenBankNum: '',
  subTaxpayerNum: '',
  signBySub: '',
};

/**
 * Settings from the config answers; a key whose answer is missing or not code 200 stays empty
 * (001 §8).
 */
export const companySettingsFromConfig = (
  answers: Readonly<Partial<Record<CompanySettingKey, ConfigAnswer | undefined>>>,
): CompanySettings => {
  const settings: Record<CompanySettingKey, string> = { ...EMPTY_COMPANY_SETTINGS };
  for (const key of COMPANY_SETTING_KEYS) {
    const answer = answers[key];
    if (answer?.code === 200) settings[key] = (answer.msg ?? '').trim();
  }
  return settings;
};
