/// <reference lib="dom" />
import type { Locator } from 'playwright-core';

const exactly = (text: string) =>
  new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/**
 * Clicks a list row's action wherever RowActions put it: inline when shown, else through the
 * row's 更多 menu (its item clicks the hidden original). `action` is the action's own locator
 * (a test id, page- or row-scoped).
 */
export async function clickAction(action: Locator): Promise<void> {
  await action.waitFor({ state: 'attached' });
  if (await action.isVisible()) return action.click();
  const label = ((await action.textContent()) ?? '').trim();
  const actions = action.locator('xpath=ancestor::*[@data-row-actions][1]');
  await actions.getByRole('button', { name: '更多' }).click();
  await action.page().getByRole('menu').getByRole('menuitem', { name: label, exact: true }).click();
}

/**
 * The buttons and links named `name` within `scope`, shown or folded into 更多 (a role query would
 * miss the folded ones, which are hidden: an "is not offered" check counts these instead, and
 * counts any such control in the scope, inside a row's actions or not).
 */
export const actionsNamed = (scope: Locator, name: string): Locator =>
  scope.locator('button, a').filter({ hasText: exactly(name) });

/** A row's action (button or link) by its exact text, shown or folded into 更多. */
export const actionIn = (row: Locator, name: string): Locator => actionsNamed(row, name).first();

/** Clicks the row's action named `name` (see clickAction). */
export const rowAction = (row: Locator, name: string): Promise<void> =>
  clickAction(actionIn(row, name));
