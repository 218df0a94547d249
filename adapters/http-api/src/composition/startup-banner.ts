import { networkInterfaces } from 'node:os';

/** The interfaces that mean "every interface" to `listen`. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Where the server listens. HOST decides when it is set. Without it the demo (seeded accounts
 * with the password admin123, captcha off) listens on 127.0.0.1 only, so starting it never puts
 * those accounts on the network; production listens on every interface as before, since it
 * normally runs behind a reverse proxy or in a container whose published port must reach it.
 * Undefined means every interface.
 */
export function listenHost(host: string | undefined, production: boolean): string | undefined {
  if (host !== undefined && host.trim() !== '') return host.trim();
  return production ? undefined : '127.0.0.1';
}

/** This machine's non-loopback IPv4 addresses (where a LAN reaches a server on every interface). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i && i.family === 'IPv4' && !i.internal ? [i.address] : []));
}

export interface BannerInput {
  readonly production: boolean;
  /** What the server was asked to listen on (undefined: every interface). */
  readonly host: string | undefined;
  readonly port: number;
  readonly lan: readonly string[];
}

const urlHost = (h: string) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);

/**
 * The start-up message in plain words, printed to stdout beside the JSON log lines: where to open
 * the application, how to sign in, which mode it runs in, and the one variable that opens a demo
 * to the network.
 */
export function startupBanner(b: BannerInput): string {
  const everywhere = b.host === undefined || EVERY_INTERFACE.has(b.host);
  // A server on 127.0.0.1 only is named by that address: `localhost` may resolve to ::1 first.
  const urls = [
    everywhere ? `http://localhost:${b.port}/` : `http://${urlHost(b.host ?? '')}:${b.port}/`,
    ...(everywhere ? b.lan.map((a) => `http://${a}:${b.port}/`) : []),
  ];
  const lines = b.production
    ? [
        '设计项目管理系统已启动（生产模式 production mode）',
        `打开 Open: ${urls.join('  ')}`,
        everywhere
          ? '监听所有网络接口 (listening on every interface; HOST=127.0.0.1 limits it to this computer)'
          : `只监听 ${b.host ?? ''} (listening on ${b.host ?? ''} only; HOST changes it)`,
      ]
    : [
        '设计项目管理系统已启动（演示模式 demo mode：演示数据，验证码已关闭）',
        `打开 Open: ${urls.join('  ')}`,
        '登录 Sign in: admin / admin123（其他演示账号见 README.md "Demo accounts"，密码都是 admin123）',
        everywhere
          ? '注意：已对网络开放，任何人都可以用演示账号登录 (open to the network: anyone who reaches it can sign in with the demo accounts)'
          : `只有本机可以访问 (only this computer can open it: listening on ${b.host ?? ''})`,
        ...(everywhere ? [] : ['对局域网开放 To open it to the network: HOST=0.0.0.0 npm start']),
      ];
  const rule = '='.repeat(72);
  return [rule, ...lines.map((l) => `  ${l}`), rule, ''].join('\n');
}
