// The Trusted Types policy the PDF viewer creates to start pdf.js's worker: the CSP names it (main) and
// the page creates it (renderer), so the name lives here once.
export const PDF_WORKER_TRUSTED_TYPES_POLICY = 'stockroom-pdf-worker';
