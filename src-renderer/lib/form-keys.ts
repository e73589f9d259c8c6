// The keyboard of a dialog's form, alike in each: Enter moves to the next field, a refused save lands
// on the first refused field.

/** Focuses the field after `field` in the form (inputs and selects, in page order). */
export function focusNextField(form: HTMLFormElement | undefined, field: HTMLElement): void {
  const fields = [...(form?.querySelectorAll<HTMLElement>('input, select') ?? [])];
  fields[fields.indexOf(field) + 1]?.focus();
}

/** Focuses the first refused field, so the person lands on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | undefined): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A form's keys: Ctrl+Enter saves; Enter in a field moves to the next one (a form this long is not
 * saved by a stray Enter). `moveFrom`: the fields Enter moves from (text fields, or every input).
 */
export function onFormKeydown(
  event: KeyboardEvent,
  form: HTMLFormElement | undefined,
  save: () => void,
  moveFrom: 'textFields' | 'inputs',
): void {
  if (event.key !== 'Enter') return;
  if (event.ctrlKey) {
    event.preventDefault();
    save();
    return;
  }
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || (moveFrom === 'textFields' && field.type !== 'text')) return;
  event.preventDefault();
  focusNextField(form, field);
}
