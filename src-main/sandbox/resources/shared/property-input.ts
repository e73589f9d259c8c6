// Custom properties as the product and contact bodies send them.

/** A property named by id (one the store has) or, when id is 0 or absent, by name; with its value. */
export interface PropertyInput {
  readonly id?: number | undefined;
  readonly name?: string | undefined;
  readonly value?: string | undefined;
}
