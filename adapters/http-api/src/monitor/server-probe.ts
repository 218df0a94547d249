import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { getHeapStatistics } from 'node:v8';
import {
  bytesToGb,
  bytesToMb,
  cpuUseBetween,
  diskUse,
  fileSizeText,
  formatInstant,
  percentOf,
  runTimeText,
  wallClockAt,
  type CpuTicks,
  type DatabaseFiguresPort,
} from '@dpms/core';
import type { ServerInfo } from '@dpms/wire';
import type { PrintHealth } from '../print/print-health.js';

/** How long the CPU is watched for its use (RuoYi's OSHI waits a second; a page waits less). */
export const CPU_SAMPLE_MS = 250;

/** A few file system types by their statfs magic number; others show as their number. */
const FS_TYPES: Readonly<Record<number, string>> = {
  0xef53: 'ext4',
  0x58465342: 'xfs',
  0x9123683e: 'btrfs',
  0x01021994: 'tmpfs',
  0x794c7630: 'overlay',
  0x6969: 'nfs',
  0x65735546: 'fuse',
  0x2fc12fc1: 'zfs',
};

export interface ServerProbeDeps {
  /** The data directory whose disk 磁盘状态 shows (DATA_DIR). */
  readonly dataDir: string;
  readonly database?: DatabaseFiguresPort | undefined;
  readonly print: PrintHealth;
  readonly zone: () => Promise<string>;
  readonly now: () => Date;
}

const ticksOf = (): CpuTicks[] => os.cpus().map((c) => c.times);

/** The first address of this host others can reach, as RuoYi's IpUtils.getHostIp. */
function hostIp(): string {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

const second = (n: number) => String(n).padStart(2, '0');

/** 服务监控: reads the host, the process, the data disk, the database and the print service. */
export async function probeServer(deps: ServerProbeDeps): Promise<ServerInfo> {
  const before = ticksOf();
  // The database, the disk and the print service answer while the CPU is watched.
  const [database, disk, print, zone] = await Promise.all([
    deps.database?.read(),
    statfs(deps.dataDir),
    deps.print.check(),
    deps.zone(),
    new Promise((resolve) => setTimeout(resolve, CPU_SAMPLE_MS)),
  ]);
  const cpu = cpuUseBetween(before, ticksOf());
  const totalMem = os.totalmem();
  const freeMem = os.freemem();
  const heap = process.memoryUsage();
  const heapLimit = getHeapStatistics().heap_size_limit;
  const uptimeMs = Math.round(process.uptime() * 1000);
  const started = new Date(deps.now().getTime() - uptimeMs);
  const du = diskUse(disk.bsize, disk.blocks, disk.bavail);
  return {
    cpu: { ...cpu, loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    mem: {
      total: bytesToGb(totalMem),
      used: bytesToGb(totalMem - freeMem),
      free: bytesToGb(freeMem),
      usage: percentOf(totalMem - freeMem, totalMem),
    },
    jvm: {
      total: bytesToMb(heap.heapTotal),
      max: bytesToMb(heapLimit),
      used: bytesToMb(heap.heapUsed),
      free: bytesToMb(heap.heapTotal - heap.heapUsed),
      usage: percentOf(heap.heapUsed, heap.heapTotal),
      rss: bytesToMb(heap.rss),
      name: 'Node.js',
      version: process.version,
      home: process.execPath,
      startTime: `${formatInstant(started, zone)}:${second(wallClockAt(started, zone).second)}`,
      runTime: runTimeText(uptimeMs),
      inputArgs: process.execArgv.join(' '),
      pid: process.pid,
    },
    sys: {
      computerName: os.hostname(),
      computerIp: hostIp(),
      userDir: process.cwd(),
      osName: `${os.type()} ${os.release()}`,
      osArch: os.arch(),
    },
    sysFiles: [
      {
        dirName: deps.dataDir,
        sysTypeName: FS_TYPES[disk.type] ?? `0x${disk.type.toString(16)}`,
        typeName: '数据目录',
        total: du.total,
        free: du.free,
        used: du.used,
        usage: du.usage,
      },
    ],
    database: database
      ? {
          size: fileSizeText(database.sizeBytes),
          sizeBytes: database.sizeBytes,
          connections: database.connections,
          maxConnections: database.maxConnections,
          version: database.version,
        }
      : null,
    print,
    collectedAt: deps.now().toISOString(),
  };
}
