// The keyboard of the Money page's lists: Up/Down move between a list's rows (the forms' keys are
// lib/form-keys.ts).
import { tick } from 'svelte';
import type { MoneyList } from './money-list.svelte.js';

/** Puts the focus on the list's chosen row, once the page shows it. */
export function focusSelectedRow(list: MoneyList, rowButtons: readonly HTMLButtonElement[]): void {
  void tick().then(() => rowButtons[list.selected]?.focus());
}

/** Up/Down choose the row above or below and focus it; other keys are left alone. */
export function moveRowByKey(
  event: KeyboardEvent,
  list: MoneyList,
  rowButtons: readonly HTMLButtonElement[],
): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  list.move(event.key === 'ArrowDown' ? 1 : -1);
  rowButtons[list.selected]?.focus();
}
