/**
 * 服务监控's figures, as RuoYi's Server/Cpu/Mem/Jvm/SysFile compute them, so RuoYi's page and
 * ours read the same numbers: percentages rounded to 2 places, memory in GB and the process heap
 * in MB to 2 places, disk sizes as RuoYi's text ("12.5 GB"), run time as `X天Y小时Z分钟`.
 */

/** Cumulative CPU times (ms) of one logical processor, as the OS counts them. */
export interface CpuTicks {
  readonly user: number;
  readonly nice: number;
  readonly sys: number;
  readonly idle: number;
  readonly irq: number;
}

/** CPU use between two readings, in percent of all the time that passed on every core. */
export interface CpuUse {
  readonly cpuNum: number;
  /** User time (RuoYi's `used`). */
  readonly used: number;
  readonly sys: number;
  /** I/O wait: Node's os.cpus() does not count it apart, so 0. */
  readonly wait: number;
  readonly free: number;
}

/** `n` rounded half away from zero to `places` decimals (RuoYi's Arith.round). */
export function roundTo(n: number, places = 2): number {
  const f = 10 ** places;
  return Math.sign(n) * (Math.round(Math.abs(n) * f) / f);
}

/** `part` of `whole` in percent, 2 places; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? roundTo((part / whole) * 100) : 0;
}

const sum = (ticks: readonly CpuTicks[], pick: (t: CpuTicks) => number) =>
  ticks.reduce((acc, t) => acc + pick(t), 0);

/**
 * CPU use between two readings of every core (os.cpus() taken twice). Cores that appear in only
 * one reading (hot-plugged) are left out; a reading with no time between gives all free.
 */
export function cpuUseBetween(before: readonly CpuTicks[], after: readonly CpuTicks[]): CpuUse {
  const n = Math.min(before.length, after.length);
  const a = before.slice(0, n);
  const b = after.slice(0, n);
  const delta = (pick: (t: CpuTicks) => number) => Math.max(0, sum(b, pick) - sum(a, pick));
  const user = delta((t) => t.user + t.nice);
  const sys = delta((t) => t.sys + t.irq);
  const idle = delta((t) => t.idle);
  const total = user + sys + idle;
  if (total === 0) return { cpuNum: after.length, used: 0, sys: 0, wait: 0, free: 100 };
  return {
    cpuNum: after.length,
    used: percentOf(user, total),
    sys: percentOf(sys, total),
    wait: 0,
    free: percentOf(idle, total),
  };
}

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Bytes in GB, 2 places (RuoYi's Mem). */
export const bytesToGb = (bytes: number): number => roundTo(bytes / GB);
/** Bytes in MB, 2 places (RuoYi's Jvm). */
export const bytesToMb = (bytes: number): number => roundTo(bytes / MB);

/** RuoYi's convertFileSize: `12.5 GB`, `512 MB`, `80.5 MB`, `3.0 KB`, `12 B`. */
export function fileSizeText(bytes: number): string {
  const b = Math.max(0, Math.floor(bytes));
  if (b >= GB) return `${(b / GB).toFixed(1)} GB`;
  if (b >= MB) {
    const f = b / MB;
    return `${f > 100 ? f.toFixed(0) : f.toFixed(1)} MB`;
  }
  if (b >= KB) {
    const f = b / KB;
    return `${f > 100 ? f.toFixed(0) : f.toFixed(1)} KB`;
  }
  return `${String(b)} B`;
}

/** How long a process has run, as RuoYi's DateUtils.timeDistance writes it: `1天2小时3分钟`. */
export function runTimeText(ms: number): string {
  const m = Math.max(0, Math.floor(ms / 60_000));
  const day = Math.floor(m / 1440);
  const hour = Math.floor((m % 1440) / 60);
  return `${String(day)}天${String(hour)}小时${String(m % 60)}分钟`;
}

/** A disk's figures from its block counts (fs.statfs): what RuoYi's 磁盘状态 table shows. */
export interface DiskUse {
  readonly total: string;
  readonly free: string;
  readonly used: string;
  /** Used, in percent of the total. */
  readonly usage: number;
  readonly totalBytes: number;
  readonly freeBytes: number;
}

/**
 * `free` is what an unprivileged process may still write (statfs' bavail), as RuoYi's
 * getUsableSpace; `used` is the rest of the total.
 */
export function diskUse(blockSize: number, blocks: number, availableBlocks: number): DiskUse {
  const totalBytes = blockSize * blocks;
  const freeBytes = Math.min(totalBytes, blockSize * availableBlocks);
  return {
    total: fileSizeText(totalBytes),
    free: fileSizeText(freeBytes),
    used: fileSizeText(totalBytes - freeBytes),
    usage: percentOf(totalBytes - freeBytes, totalBytes),
    totalBytes,
    freeBytes,
  };
}
