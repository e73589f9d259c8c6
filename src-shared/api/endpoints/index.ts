// The one table of every v4 endpoint. The sandbox, the client and the OpenAPI document derive from it.
import type { EndpointDef } from '../define.js';
import { bundleEndpoints } from './bundles.js';
import { contactEndpoints } from './contacts.js';
import { fileEndpoints } from './files.js';
import { financeEndpoints } from './finance.js';
import { merchantEndpoints } from './merchant.js';
import { productEndpoints } from './products.js';
import { quotationEndpoints } from './quotations.js';
import { returnPurchaseOrderEndpoints } from './return-purchase-orders.js';

export const endpoints = {
  ...returnPurchaseOrderEndpoints,
  ...quotationEndpoints,
  ...financeEndpoints,
  ...productEndpoints,
  ...bundleEndpoints,
  ...contactEndpoints,
  ...merchantEndpoints,
  ...fileEndpoints,
} satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export const endpointList: readonly EndpointDef[] = Object.values(endpoints);
