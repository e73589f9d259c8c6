// Products as the form edits them: fields, limits and the one check (page and main alike).
export * from './product-form.js';
export * from './product-wire.js';
