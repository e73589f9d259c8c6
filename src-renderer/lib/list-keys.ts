// The keyboard of a paged list whose rows are buttons: Up/Down move between the rows, and the chosen
// row takes the focus once shown (the forms' keys are lib/form-keys.ts).
import { tick } from 'svelte';

/** A list with a chosen row (lib/paged-list's). */
export interface RowChoice {
  readonly selected: number;
  move(delta: number): void;
}

/** Puts the focus on the list's chosen row, once the page shows it. */
export function focusSelectedRow(list: RowChoice, rowButtons: readonly HTMLButtonElement[]): void {
  void tick().then(() => rowButtons[list.selected]?.focus());
}

/** Up/Down choose the row above or below and focus it; other keys are left alone. */
export function moveRowByKey(
  event: KeyboardEvent,
  list: RowChoice,
  rowButtons: readonly HTMLButtonElement[],
): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  list.move(event.key === 'ArrowDown' ? 1 : -1);
  rowButtons[list.selected]?.focus();
}
