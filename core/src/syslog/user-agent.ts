/**
 * Browser and OS names from a User-Agent, for the login log and the online users. A few lines of
 * our own rather than a parser package: the project declares none (bowser is only present as a
 * dependency of the AWS SDK), the institute's people use a handful of desktop browsers, and the
 * log shows a name, not a capability. Order matters: Edge and Opera also say Chrome, Chrome also
 * says Safari.
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Chrome Headless'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/(?:MSIE |Trident\/.*rv:)(\d+)/, 'Internet Explorer'],
];

const SYSTEMS: readonly (readonly [RegExp, (m: RegExpExecArray) => string])[] = [
  [/Windows NT 10/, () => 'Windows 10'],
  [/Windows NT 6\.3/, () => 'Windows 8.1'],
  [/Windows NT 6\.1/, () => 'Windows 7'],
  [/Windows/, () => 'Windows'],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/(?:iPhone|iPad).*OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/Mac OS X (\d+)[._](\d+)/, (m) => `Mac OS X ${m[1]}.${m[2]}`],
  [/CrOS/, () => 'Chrome OS'],
  [/Linux/, () => 'Linux'],
];

export interface UserAgentNames {
  readonly browser: string;
  readonly os: string;
}

export function userAgentNames(userAgent: string): UserAgentNames {
  let browser = 'Unknown';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(userAgent);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  let os = 'Unknown';
  for (const [re, name] of SYSTEMS) {
    const m = re.exec(userAgent);
    if (m) {
      os = name(m);
      break;
    }
  }
  return { browser, os };
}
