// Runs every bench/*.bench.ts (each exports `run(): Promise<void>` that prints its own figures), listing
// them first and after each the command that reruns it alone. `npm run bench -- products` runs only the
// files whose name contains "products"; `npm run bench -- memory --minutes 60` passes the rest on.
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

const rerun = (file: string) => `npm run bench -- ${file.replace(/\.bench\.ts$/, '')}`;
console.log(`benches (${files.length}):\n${files.map((file) => `  ${rerun(file)}`).join('\n')}`);
for (const file of files) {
  console.log(`\n## ${file}`);
  const module = (await import(pathToFileURL(join(folder, file)).href)) as BenchModule;
  await module.run();
  console.log(`rerun: ${rerun(file)}`);
}
