// Runs every bench/*.bench.ts (each exports `run(): Promise<void>` that prints its own figures).
// `npm run bench -- products` runs only the files whose name contains "products".
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface BenchModule {
  run: () => Promise<void>;
}

const filter = process.argv[2] ?? '';
const folder = import.meta.dirname;
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches "${filter}" in ${folder}`);
  process.exit(2);
}

for (const file of files) {
  console.log(`\n## ${file}`);
  const module = (await import(pathToFileURL(join(folder, file)).href)) as BenchModule;
  await module.run();
}
