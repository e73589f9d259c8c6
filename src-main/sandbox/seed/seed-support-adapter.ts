// Everything the seeder takes from other sandbox modules, in one place: the registered handlers, and
// the seed-support functions for what no v4 endpoint can do (variations and a product's variants,
// sub-contacts and shipping addresses, disabling a bundle, orders and purchase orders for files).
export { handlers as registeredHandlers } from '../resources/index.js';
export { addContactExtras, type ContactExtras } from '../resources/contacts/seed-support.js';
export type { ShippingAddressFields } from '../resources/contacts/contact-extras.repository.js';
export { assignVariation, insertVariation } from '../resources/products/seed-support.js';
export { setBundleActive } from '../resources/bundles/seed-support.js';
export { seedOrdersAndPurchaseOrders } from '../resources/files/seed-support.js';
