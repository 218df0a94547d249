import { z } from 'zod';
import { timestamp } from './envelope.js';

/*
 * 服务监控 (GET /monitor/server) in RuoYi's shape (its Server: cpu, mem, jvm, sys, sysFiles), so
 * RuoYi's page draws, with what a Node server adds beside: the database and the print service.
 * `jvm` is the Node process (RuoYi's page reads that name); its sizes are MB, `mem`'s GB.
 */

const percent = () => z.number().min(0).max(100);

export const serverCpu = z.object({
  cpuNum: z.number().int(),
  /** User time, in percent of all the time on every core. */
  used: percent(),
  sys: percent(),
  wait: percent(),
  free: percent(),
  /** The load averages over 1, 5 and 15 minutes (0 where the OS has none). */
  loadAverage: z.array(z.number()),
});

export const serverMem = z.object({
  total: z.number(),
  used: z.number(),
  free: z.number(),
  usage: percent(),
});

export const serverProcess = z.object({
  /** The heap V8 has taken, MB. */
  total: z.number(),
  /** The heap V8 may grow to, MB. */
  max: z.number(),
  used: z.number(),
  free: z.number(),
  usage: percent(),
  /** Resident memory of the process, MB. */
  rss: z.number(),
  name: z.string(),
  version: z.string(),
  home: z.string(),
  startTime: z.string(),
  runTime: z.string(),
  inputArgs: z.string(),
  pid: z.number().int(),
});

export const serverSys = z.object({
  computerName: z.string(),
  computerIp: z.string(),
  userDir: z.string(),
  osName: z.string(),
  osArch: z.string(),
});

export const serverDisk = z.object({
  dirName: z.string(),
  sysTypeName: z.string(),
  typeName: z.string(),
  total: z.string(),
  free: z.string(),
  used: z.string(),
  usage: percent(),
});

export const serverDatabase = z.object({
  size: z.string(),
  sizeBytes: z.number(),
  connections: z.number().int(),
  maxConnections: z.number().int(),
  version: z.string(),
});

export const PRINT_SERVICE_STATES = ['up', 'down'] as const;
export const serverPrint = z.object({
  state: z.enum(PRINT_SERVICE_STATES),
  url: z.string(),
  /** How long /health took to answer, ms; null when it did not. */
  latencyMs: z.number().nullable(),
  message: z.string(),
});

export const serverInfo = z
  .object({
    cpu: serverCpu,
    mem: serverMem,
    jvm: serverProcess,
    sys: serverSys,
    sysFiles: z.array(serverDisk),
    /** Null when the server runs without a database it can ask (never in production). */
    database: serverDatabase.nullable(),
    print: serverPrint,
    collectedAt: timestamp(),
  })
  .meta({ id: 'ServerInfo' });
export type ServerInfo = z.output<typeof serverInfo>;

export const serverInfoAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: serverInfo,
});
