// Which page the frame shows once a store is open. Function keys switch the main pages from anywhere
// (App.svelte listens): F1 money, F2 products, F3 count sessions, F7 outbox, F8 settings, F11 contacts.
// (App.svelte listens): F1 money, F2 products, F3 count sessions, F5 documents, F7 outbox, F8 settings.
export type Page =
  | { name: 'products' }
  | { name: 'product'; productId: number }
  | { name: 'sessions' }
  | { name: 'counting'; sessionId: string }
  | { name: 'review'; sessionId: string }
  | { name: 'money' }
  | { name: 'recount'; sessionId: string }
  | { name: 'outbox' }
  | { name: 'settings' }
  | { name: 'stores' }
  | { name: 'contacts' }
  | { name: 'stockMoves' }
  | { name: 'documents' }
  | { name: 'bundles' }
  /** Cycle counting: what to count next (the warehouse last chosen, or the first). */
  | { name: 'countNext'; warehouseCode: string | null }
  | { name: 'accuracy'; warehouseCode: string }
  /** A warehouse's shelves (decision 0021): the first warehouse when null. */
  | { name: 'shelves'; warehouseCode: string | null };

export type PageName = Page['name'];

class Navigation {
  #page = $state<Page>({ name: 'products' });

  /** The page shown (changed with go). */
  get page(): Page {
    return this.#page;
  }

  go(page: Page): void {
    this.#page = page;
  }
}

export const navigation = new Navigation();
