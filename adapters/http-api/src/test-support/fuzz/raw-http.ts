import { Agent, request } from 'node:http';

/** One request exactly as it goes on the wire (path unencoded by us: `%ff` stays `%ff`). */
export interface RawRequest {
  readonly method: string;
  /** Below the origin, query included, e.g. `/prod-api/system/user/%ff?x=1`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer | string;
}

export interface RawAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The JSON envelope when the answer is JSON. */
  readonly json: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends a request and reads the whole answer; a reset or a dead server rejects. */
export function sendRaw(origin: string, r: RawRequest): Promise<RawAnswer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : Buffer.from(r.body);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: r.method,
        path: r.path,
        agent,
        headers: {
          ...r.headers,
          ...(body === undefined ? {} : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          const contentType = String(res.headers['content-type'] ?? '');
          let json: unknown;
          if (contentType.includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, contentType, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Closes the kept-alive sockets (after the suite). */
export const closeRawAgent = (): void => agent.destroy();
