// The full success answer of an endpoint, derived from its row's response shape.
import { z } from 'zod';
import type { EndpointDef } from './define.js';
import { listEnvelope, writeEnvelope } from './envelopes.js';

/** Schema of a successful answer's body for one endpoint (used by the client and the OpenAPI document). */
export function successSchema(definition: EndpointDef): z.ZodType {
  const shape = definition.response;
  switch (shape.kind) {
    case 'list':
      return listEnvelope(shape.item, shape.totals);
    case 'detail':
    case 'fileDetail':
      return shape.record;
    case 'write':
      return writeEnvelope(shape.created, shape.payload);
    case 'fileList':
      return z.array(shape.item);
  }
}

/** True for the endpoints whose failures come back top-level (writes) rather than res-wrapped (reads). */
export function answersTopLevel(definition: EndpointDef): boolean {
  return definition.response.kind === 'write';
}
