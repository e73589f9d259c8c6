// What the seeder is asked for when a store is created. A leaf module: the seeder (seed/index.ts) and
// the reference data (resources/merchant) need these types, and seeding.ts, which imports the seeder,
// must not be where they come from, or the modules would import each other.
export type SeedKind = 'demo' | 'empty';

export interface SeedOptions {
  readonly seed: SeedKind;
  /** How many demo products to create (the seeder's default when absent). */
  readonly products?: number;
}
