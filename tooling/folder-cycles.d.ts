// Types of folder-cycles.js for the tests that use it.
export type FolderGraph = ReadonlyMap<string, ReadonlySet<string>>;
export function folderGraph(root: string, tsconfig?: string): FolderGraph;
export function folderCircles(graph: FolderGraph): string[][];
export function circleEdges(graph: FolderGraph): string[];
