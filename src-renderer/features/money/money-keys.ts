// The keyboard of the Money page's forms and lists, alike in each: Enter moves to the next field, a
// refused save lands on the first refused field, Up/Down move between a list's rows.
import { tick } from 'svelte';
import type { MoneyList } from './money-list.svelte.js';

/** Focuses the field after `field` in the form (inputs and selects, in page order). */
export function focusNextField(form: HTMLFormElement | undefined, field: HTMLElement): void {
  const fields = [...(form?.querySelectorAll<HTMLElement>('input, select') ?? [])];
  fields[fields.indexOf(field) + 1]?.focus();
}

/** Focuses the first refused field, so the person lands on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | undefined): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

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
