/** One write a fake gateway received, with the Idempotency-Key it came with. */
export interface KeyedCall {
  readonly call: string;
  readonly body: unknown;
  readonly key: string | undefined;
}

/**
 * The base of a fake gateway whose writes are checked for their Idempotency-Key: each write
 * records its call, body and key, then throws the next refusal queued for it or answers.
 */
export class KeyedGateway {
  readonly calls: KeyedCall[] = [];
  private readonly refusals = new Map<string, Error[]>();
  /** Queues refusals for `call`: its next calls throw them, one each. */
  refuse(call: string, ...errors: Error[]) {
    this.refusals.set(call, errors);
  }
  protected answer<T>(call: string, body: unknown, key: string | undefined, value: T) {
    this.calls.push({ call, body, key });
    const refusal = this.refusals.get(call)?.shift();
    return refusal ? Promise.reject(refusal) : Promise.resolve(value);
  }
}
