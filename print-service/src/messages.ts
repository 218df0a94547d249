/** The print service's user-facing messages (Simplified Chinese), one catalogue for the package. */

/** The Debian packages printing needs: the browser and the two TrueType-outline CJK faces. */
export const REQUIRED_DEBIAN_PACKAGES = [
  'chromium',
  'fonts-arphic-uming',
  'fonts-wqy-zenhei',
] as const;

const install = `请安装 Debian 软件包：apt-get install ${REQUIRED_DEBIAN_PACKAGES.join(' ')}`;

export const printMessages = {
  chromiumMissing: (path: string) => `打印服务不可用：未找到 Chromium（${path}）。${install}`,
  fontsMissing: (families: readonly string[], packages: readonly string[]) =>
    `打印服务不可用：缺少打印字体 ${families.join('、')}（软件包 ${packages.join('、')}）。${install}`,
  launchFailed: (reason: string) => `打印服务不可用：Chromium 启动失败（${reason}）。${install}`,
  printPageMissing: (file: string) =>
    `打印服务不可用：未找到打印页面（${file}），请先构建 web：npx turbo run build --filter=@dpms/web`,
  starting: '打印服务正在启动，请稍后重试',
  stopping: '打印服务正在停止，请稍后重试',
  queueFull: '打印任务过多，请稍后重试',
  timedOut: '打印超时，请稍后重试',
  renderFailed: '文档渲染失败，请检查文档内容后重试',
  browserCrashed: '打印过程中浏览器意外退出，请重试',
  tooLarge: (limit: string) => `文档过大：打印内容不能超过 ${limit}`,
  badJson: '打印内容不是有效的 JSON',
  badPayload: (field: string) => `打印内容无效：${field}`,
  notFound: '访问资源不存在',
  internal: '打印服务内部错误',
} as const;
