// A product's serial numbers added or removed on this PC (see serial-numbers.ts).
export { SerialNumbers, type SerialNumbersOptions } from './serial-numbers.js';
