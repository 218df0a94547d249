/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import type { Express } from 'express';
import request, { type Test } from 'supertest';
import { expect, it } from 'vitest';

/**
 * One signed-in user's calls of a suite: `post` with an optional Idempotency-Key, and `get`. The
 * app and token are read at call time (they are set in the suite's beforeAll).
 */
export function signedInCalls(app: () => Express, token: () => string) {
  const auth = () => ({ Authorization: `Bearer ${token()}` });
  return {
    post: (path: string, body: object, idempotencyKey?: string): Test => {
      const r = request(app()).post(`/prod-api${path}`).set(auth());
      return (idempotencyKey === undefined ? r : r.set('Idempotency-Key', idempotencyKey)).send(
        body,
      );
    },
    get: (path: string, query: Record<string, string | number>): Test =>
      request(app()).get(`/prod-api${path}`).set(auth()).query(query),
  };
}

/**
 * A record that the web saves and sends to review in one call (`…/saveAndSubmit`): what the
 * shared cases need to post its form and count its rows. `unique` names one test's record (its
 * project name, its number), so each case counts only its own rows.
 */
export interface SaveAndSubmitSubject {
  /** The database kind, to keep Idempotency-Keys apart between the kinds' runs. */
  kind: string;
  path: string;
  /** The answer's id field: `lxId`, `contractId`, `contractChildId`. */
  idKey: string;
  /** A type code with no approval flow configured: the engine refuses the submit after the save. */
  noFlowTypeCode: string;
  form: (unique: string) => object;
  rowsOf: (unique: string) => Promise<readonly unknown[]>;
  post: (path: string, body: object, idempotencyKey?: string) => Test;
}

/**
 * The cases every save-and-submit keeps: a write is one transaction, once. A new record is saved
 * and submitted together; a refused submit leaves no record; the same Idempotency-Key sent twice
 * makes one record and gets the same answer.
 */
export function saveAndSubmitCases(
  subject: SaveAndSubmitSubject,
  uniques: { saved: string; refused: string; repeated: string },
): void {
  const { path, idKey } = subject;

  it('saves a new record and sends it to review in one call', async () => {
    const r = await subject.post(path, subject.form(uniques.saved));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 0, approvalId: expect.any(String) });
    expect(await subject.rowsOf(uniques.saved)).toHaveLength(1);
  });

  it('leaves no record when the approval engine refuses the submit', async () => {
    const r = await subject.post(path, {
      ...subject.form(uniques.refused),
      typeCode: subject.noFlowTypeCode,
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    // Refused by the engine, after the record was inserted in the same transaction.
    expect(r.body.errorCode).toMatch(/APPROVAL/);
    expect(await subject.rowsOf(uniques.refused)).toEqual([]);
  });

  it('makes one record for the same Idempotency-Key sent twice, answering the same', async () => {
    const key = `${path}-${subject.kind}-repeat`;
    const a = await subject.post(path, subject.form(uniques.repeated), key);
    const b = await subject.post(path, subject.form(uniques.repeated), key);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data[idKey]).toBe(a.body.data[idKey]);
    expect(await subject.rowsOf(uniques.repeated)).toHaveLength(1);
  });
}
