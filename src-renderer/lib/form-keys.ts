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
