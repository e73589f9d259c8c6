// Import circles between folders of src-* (tooling/folder-cycles.js): found where no module cycle is,
// and on the real tree only the folder imports of folder-circles-allowed.json may lie on a circle. The
// list only shrinks: an entry no longer on a circle fails too, so a circle broken stays broken.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circleEdges, folderCircles, folderGraph } from '../../tooling/folder-cycles.js';
import allowed from './folder-circles-allowed.json' with { type: 'json' };

const fixture = join(process.cwd(), '.tmp', 'folder-circles-fixture');

function writeTree(files: Record<string, string>): void {
  rmSync(fixture, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
}

describe('folder circles', () => {
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('finds a circle of folders made of imports that are no module cycle', () => {
    writeTree({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true } }),
      // a/x → b/y → a/z: no module imports itself back, but a and b import each other.
      'src-main/a/x.ts': "import { y } from '../b/y.js';\nexport const x = y;\n",
      'src-main/b/y.ts': "import { z } from '../a/z.js';\nexport const y = z;\n",
      'src-main/a/z.ts': 'export const z = 1;\n',
      'src-main/c/leaf.ts': "import { x } from '../a/x.js';\nexport const leaf = x;\n",
    });
    const graph = folderGraph(fixture);
    expect(folderCircles(graph)).toEqual([['src-main/a', 'src-main/b']]);
    expect(circleEdges(graph)).toEqual(['src-main/a → src-main/b', 'src-main/b → src-main/a']);

    // Moving z into b (b no longer imports a) leaves no circle.
    writeTree({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true } }),
      'src-main/a/x.ts': "import { y } from '../b/y.js';\nexport const x = y;\n",
      'src-main/b/y.ts': "import { z } from './z.js';\nexport const y = z;\n",
      'src-main/b/z.ts': 'export const z = 1;\n',
    });
    expect(folderCircles(folderGraph(fixture))).toEqual([]);
  });

  it('on the tree, only the allowed folder imports lie on a circle, and every allowed one still does', () => {
    const edges = circleEdges(folderGraph(process.cwd()));
    const allowedEdges = new Set<string>(allowed);
    expect(
      edges.filter((edge) => !allowedEdges.has(edge)),
      'new folder imports on a circle',
    ).toEqual([]);
    const onCircle = new Set(edges);
    expect(
      allowed.filter((edge) => !onCircle.has(edge)),
      'no longer on a circle: remove from folder-circles-allowed.json',
    ).toEqual([]);
  }, 120_000);
});
