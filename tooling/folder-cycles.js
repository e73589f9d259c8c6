// Import circles between folders of src-*: the module graph (every import, type-only included, resolved
// as tooling/no-import-cycle.js resolves them) folded onto folders, then its strongly connected parts.
// A folder is a file's directory (`src-main/outbox/writes` is a folder of its own; files at the root of
// `src-main` are the folder `src-main`). Module cycles are refused by the lint rule; a folder circle is
// made of imports that are each acyclic between modules, so it needs this whole-tree view.
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { compilerOptions, importsOf } from './no-import-cycle.js';

const SOURCE = /\.(ts|svelte)$/;
const ROOTS = ['src-main', 'src-shared', 'src-renderer'];

function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Folder → the folders its modules import (itself left out), for the src-* folders under `root`. */
export function folderGraph(root, tsconfig = 'tsconfig.base.json') {
  const options = compilerOptions(resolve(root, tsconfig));
  const graph = new Map();
  for (const top of ROOTS) {
    let files;
    try {
      files = sourceFiles(resolve(root, top));
    } catch {
      continue;
    }
    for (const file of files) {
      const from = relative(root, dirname(file));
      const edges = graph.get(from) ?? new Set();
      graph.set(from, edges);
      for (const imported of importsOf(file, options)) {
        const to = relative(root, dirname(imported));
        if (to !== from && !to.startsWith('..')) edges.add(to);
      }
    }
  }
  return graph;
}

/** The circles: strongly connected sets of more than one folder (Tarjan), each sorted, largest first. */
export function folderCircles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder), index.get(to)));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const part = [];
    for (let top = stack.pop(); ; top = stack.pop()) {
      onStack.delete(top);
      part.push(top);
      if (top === folder) break;
    }
    if (part.length > 1) circles.push(part.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return circles.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The folder imports that lie on a circle ('from → to'), sorted: what must go for the circles to go. */
export function circleEdges(graph) {
  const edges = [];
  for (const circle of folderCircles(graph)) {
    const members = new Set(circle);
    for (const from of circle) {
      for (const to of graph.get(from) ?? []) if (members.has(to)) edges.push(`${from} → ${to}`);
    }
  }
  return edges.sort();
}
