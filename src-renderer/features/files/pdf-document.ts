// pdf.js behind a small interface, loaded only when a PDF is opened (a dynamic import of this module),
// so the page's first load does not carry it. Under the page's CSP: the worker is pdf.js's own file,
// bundled by Vite on the page's origin (worker-src 'self'), started through the one Trusted Types policy
// that accepts only that URL; no eval (isEvalSupported: false).
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
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

/** Reads a PDF's bytes (a PdfDocument of pdf-viewer.svelte.ts); rejects when pdf.js cannot read them. */
export async function openPdf(bytes: Uint8Array) {
  GlobalWorkerOptions.workerPort = pdfWorker();
  const task = getDocument({ data: bytes, isEvalSupported: false });
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
