// pdf.js behind a small interface, loaded only when a PDF is opened (a dynamic import of this module),
// so the page's first load does not carry it. Under the page's CSP: the worker is pdf.js's own file,
// bundled by Vite on the page's origin (worker-src 'self'), started through the one Trusted Types policy
// that accepts only that URL; no eval (isEvalSupported: false). A PDF that names a standard font without
// embedding it, or a CID font's CMap, gets pdf.js's own data files, shipped with the build
// (src-shared/files/pdf-data-files.ts) and fetched from the page's origin (connect-src / font-src 'self').
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PDF_DATA_FOLDERS } from '../../../src-shared/files/pdf-data-files.js';
import { PDF_WORKER_TRUSTED_TYPES_POLICY } from '../../../src-shared/files/pdf-worker-policy.js';

/** The little of the Trusted Types API used here (not in TypeScript's DOM library yet). */
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): {
    createScriptURL(url: string): unknown;
  };
}

let worker: Worker | undefined;

/** One worker for every PDF opened on the page (a policy name can be created only once). */
function pdfWorker(): Worker {
  if (worker !== undefined) return worker;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  const policy = factory?.createPolicy(PDF_WORKER_TRUSTED_TYPES_POLICY, {
    createScriptURL(url) {
      if (url !== workerUrl) throw new TypeError(`Not the PDF worker: ${url}`);
      return url;
    },
  });
  const scriptUrl = policy === undefined ? workerUrl : policy.createScriptURL(workerUrl);
  worker = new Worker(scriptUrl as string, { type: 'module' });
  return worker;
}

/** What pdf.js asks its BinaryDataFactory for: a file of one of its data folders. */
interface PdfDataRequest {
  kind: string;
  filename: string;
}

/**
 * Reads pdf.js's data files on the page with fetch(). pdf.js's own factory uses XMLHttpRequest for any
 * scheme but http(s), i.e. on app://; fetch is what the app protocol is registered for (supportFetchAPI),
 * so the desktop app takes the path the web host's tests take.
 */
class PageOriginDataFactory {
  readonly #folders: Readonly<Record<string, unknown>>;

  /** pdf.js passes the folder URLs given to getDocument, null for those not given (wasmUrl). */
  constructor(folders: Readonly<Record<string, unknown>>) {
    this.#folders = folders;
  }

  async fetch({ kind, filename }: PdfDataRequest): Promise<Uint8Array> {
    const folder = this.#folders[kind];
    if (typeof folder !== 'string') throw new Error(`No ${kind} folder for ${filename}`);
    const response = await fetch(`${folder}${filename}`);
    if (!response.ok) throw new Error(`${response.status} for ${folder}${filename}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * The shipped data folders' absolute URLs (pdf.js also puts the font folder's into FontFace rules). The
 * page is always index.html at its origin's root, so the document's base is the build's root.
 */
function dataFolderUrls() {
  const onPage = (path: string) => new URL(path, document.baseURI).href;
  return {
    standardFontDataUrl: onPage(PDF_DATA_FOLDERS.standardFonts.to),
    cMapUrl: onPage(PDF_DATA_FOLDERS.cMaps.to),
  };
}

/** Reads a PDF's bytes (a PdfDocument of pdf-viewer.svelte.ts); rejects when pdf.js cannot read them. */
export async function openPdf(bytes: Uint8Array) {
  GlobalWorkerOptions.workerPort = pdfWorker();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    ...dataFolderUrls(),
    cMapPacked: true,
    // Fetched on the page through PageOriginDataFactory, not by the worker.
    useWorkerFetch: false,
    BinaryDataFactory: PageOriginDataFactory,
  });
  const document = await task.promise;
  return {
    pageCount: document.numPages,
    async draw(pageNumber: number, canvas: HTMLCanvasElement, width: number): Promise<void> {
      const page = await document.getPage(pageNumber);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (width / natural.width) * devicePixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / devicePixelRatio)}px`;
      await page.render({ canvas, viewport }).promise;
    },
    close: (): Promise<void> => task.destroy(),
  };
}
