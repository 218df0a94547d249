const HOUR = 3_600_000;

/**
 * The institute's wall clock (Asia/Shanghai, the default zone) of an instant as the screens show
 * it, `yyyy-MM-dd HH:mm`, computed without Intl: China Standard Time is UTC+8 with no daylight
 * saving, so it is the UTC clock of the instant eight hours later.
 */
export const shanghaiMinute = (iso: string): string => {
  const s = new Date(Date.parse(iso) + 8 * HOUR).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
};
