// Which page the frame shows once a store is open: products, the count sessions, or counting in one
// session. F2 and F3 switch pages from anywhere (App.svelte listens).
export type Page = { name: 'products' } | { name: 'sessions' } | { name: 'counting'; sessionId: string };

class Navigation {
  page = $state<Page>({ name: 'products' });

  go(page: Page): void {
    this.page = page;
  }
}

export const navigation = new Navigation();
