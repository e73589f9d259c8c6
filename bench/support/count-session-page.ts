// A counter opening a new count session from the keyboard, as the scan-to-screen and time-to-work
// benches do: F3 (once the store is open), Alt+N, a name, Enter; resolves when the page is ready to scan.
import type { Page } from 'playwright-core';

export async function openCountSessionPage(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /\(F3\)/ })
    .waitFor();
  await page.keyboard.press('F3');
  await page.getByRole('heading', { name: 'Count sessions', level: 2 }).waitFor();
  await page.keyboard.press('Alt+KeyN');
  await page.getByRole('heading', { name: 'New count session' }).waitFor();
  const sessionName = page.getByLabel('Name (optional)');
  await sessionName.fill(name);
  await sessionName.press('Enter');
  await page.getByRole('heading', { name: `Counting: ${name}` }).waitFor();
  await page.getByText('Ready to scan').waitFor();
}
