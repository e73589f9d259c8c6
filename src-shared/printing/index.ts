// Printed documents and count papers as data (decision 0015): the models and the pure v4 builders.
export * from './printable.js';
export * from './titles.js';
export * from './from-v4.js';
export * from './label-layouts.js';
export * from './label-name.js';
export * from './labels.js';
