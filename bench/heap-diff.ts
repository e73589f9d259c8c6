// Where a heap grew between two DevTools heap snapshots (the memory bench writes the page's with
// MEMORY_BENCH_SNAPSHOTS): the node count and self size per constructor (node type and name) in each,
// the largest growths first. `npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]`.
// Not a bench (no .bench.ts): run-all does not run it.
import { readFileSync } from 'node:fs';

interface HeapSnapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: unknown[] } };
  readonly nodes: number[];
  readonly strings: string[];
}

interface Group {
  count: number;
  bytes: number;
}

function groupsOf(file: string): Map<string, Group> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const typeNames = heap.snapshot.meta.node_types[0] as string[];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  if (typeAt === undefined || nameAt === undefined || sizeAt === undefined || sizeAt < 0)
    throw new Error(`${file} is not a heap snapshot`);
  const groups = new Map<string, Group>();
  for (let node = 0; node < heap.nodes.length; node += fields.length) {
    const type = typeNames[heap.nodes[node + typeAt] ?? 0] ?? '?';
    const rawName = heap.strings[heap.nodes[node + nameAt] ?? 0] ?? '?';
    // Strings and numbers are grouped by type alone (their names are their values).
    const name = type === 'object' || type === 'closure' || type === 'native' ? rawName.slice(0, 60) : '';
    const key = `${type} ${name}`.trim();
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += heap.nodes[node + sizeAt] ?? 0;
    groups.set(key, group);
  }
  return groups;
}

const [beforeFile, afterFile, rowsText] = process.argv.slice(2);
if (beforeFile === undefined || afterFile === undefined) {
  console.error('usage: npx tsx bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]');
  process.exit(2);
}
const before = groupsOf(beforeFile);
const after = groupsOf(afterFile);
const total = (groups: Map<string, Group>) =>
  [...groups.values()].reduce((sum, group) => sum + group.bytes, 0);
console.log(
  `self size in all: ${(total(before) / 1e6).toFixed(2)} MB → ${(total(after) / 1e6).toFixed(2)} MB`,
);
const keys = new Set([...before.keys(), ...after.keys()]);
const rows = [...keys]
  .map((key) => {
    const was = before.get(key) ?? { count: 0, bytes: 0 };
    const now = after.get(key) ?? { count: 0, bytes: 0 };
    return { key, was, now, grew: now.bytes - was.bytes };
  })
  .sort((a, b) => Math.abs(b.grew) - Math.abs(a.grew))
  .slice(0, Number(rowsText ?? 25));
for (const { key, was, now, grew } of rows) {
  console.log(
    `${grew >= 0 ? '+' : ''}${(grew / 1e3).toFixed(1).padStart(9)} kB  ${String(was.count).padStart(8)} → ` +
      `${String(now.count).padEnd(8)} ${key}`,
  );
}
