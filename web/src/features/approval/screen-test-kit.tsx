import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalForm } from './ApprovalForm';
import type { TemplateKind } from '@dpms/core';

/** The API's answers, as the wire envelopes them. */
export const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data });
export const page = (rows: readonly unknown[]) => ({
  code: 200,
  msg: '操作成功',
  total: rows.length,
  rows,
});

/** A list route as the server filters it: by `status` when asked, else every status. */
export const listed =
  <R extends { status: number }>(rows: readonly R[]) =>
  (q: Record<string, unknown>) =>
    page(q['status'] === undefined ? rows : rows.filter((r) => String(r.status) === q['status']));

/** What every 发起审批 reads before a type is chosen. */
export const CENTRE_ROUTES = {
  '/system/user/profile/signature': () => ok({ signFileId: null, signUrl: null }),
};

/** One write the browser sent: its address and body (the Idempotency-Key left out). */
export interface SentWrite {
  readonly url: string;
  readonly body: Record<string, unknown>;
}

/** The writes (posts) a fake API received, in order. */
export const writesOf = (api: FakeApi): SentWrite[] =>
  api.calls.filter((c) => c.method === 'post').map((c) => ({ url: c.url, body: c.input }));

export const change = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } });

/**
 * 发起审批 with `typeCode` chosen: the launcher shows in place of the template form, and
 * 发起审批's own 提交 is gone (the record's dialog owns the submit).
 */
export async function openCentre(
  kind: TemplateKind,
  typeCode: string,
  routes: Record<string, (input: Record<string, unknown>) => unknown>,
  options: { userId?: number; permissions?: string[] } = {},
) {
  const api = new FakeApi({ ...CENTRE_ROUTES, ...routes });
  const saved = vi.fn();
  const closed = vi.fn();
  renderWithApi(<ApprovalForm initialKind={kind} onClose={closed} onSaved={saved} />, api, options);
  const form = await screen.findByTestId('approval-form');
  change(form, '审批类型', typeCode);
  await within(form).findByTestId('screen-launcher');
  // The record screen's launcher is lazy (app/screen-launchers): wait for its code to load.
  await waitFor(() => expect(within(form).queryByTestId('screen-launcher-loading')).toBeNull());
  expect(within(form).queryByRole('button', { name: '提交' })).toBeNull();
  expect(within(form).queryByRole('button', { name: '保存草稿' })).toBeNull();
  return { api, form, saved, closed };
}

/** The record's own screen over its own fake API, for the same action there. */
export function openScreen(
  ui: ReactElement,
  routes: Record<string, (input: Record<string, unknown>) => unknown>,
  options: { userId?: number } = {},
) {
  cleanup();
  const api = new FakeApi(routes);
  renderWithApi(ui, api, options);
  return api;
}

/** Waits until `api` has received `count` writes to `url`. */
export const sentTo = (api: FakeApi, url: string, count = 1) =>
  waitFor(() => expect(api.sent(url)).toHaveLength(count));
