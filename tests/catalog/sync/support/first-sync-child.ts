// A first sync in its own process, for the test that kills it with SIGKILL mid-way:
//   tsx first-sync-child.ts <sandbox url> <database file>
// Prints "page <n>" on stdout each time the products phase advances.
import { BackofficeClient } from '../../../../src-main/backoffice/index.js';
import { CatalogueSync } from '../../../../src-main/catalog/sync/index.js';
import { openDatabase } from '../../../../src-main/db/database.js';
import { CREDENTIALS } from './sync-credentials.js';

const [baseUrl, dbFile] = process.argv.slice(2);
if (baseUrl === undefined || dbFile === undefined) {
  console.error('usage: first-sync-child.ts <sandbox url> <database file>');
  process.exit(2);
}
const db = openDatabase(dbFile);
const client = new BackofficeClient({ baseUrl, credentials: CREDENTIALS });
const sync = new CatalogueSync({ db, client, settings: { parallelism: 3 } });
await sync.firstSync({
  onProgress: (progress) => {
    if (progress.phase === 'products') console.log(`products ${progress.done}/${progress.total}`);
  },
});
console.log('complete');
await client.close();
db.close();
