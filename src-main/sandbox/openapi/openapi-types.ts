// The parts of OpenAPI 3.1 the generated document uses, as plain typed objects (no `any`).
import type { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as zod's converter types it. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

export interface OpenApiReference {
  readonly $ref: string;
}

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
}

export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
}

export interface OpenApiTag {
  readonly name: string;
  readonly description?: string;
}

export type ParameterLocation = 'query' | 'header' | 'path' | 'cookie';

export interface OpenApiParameter {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

export interface OpenApiMediaType {
  readonly schema: JsonSchema;
  readonly encoding?: Readonly<Record<string, { readonly contentType: string }>>;
}

export interface OpenApiRequestBody {
  readonly required: boolean;
  readonly description?: string;
  readonly content: Readonly<Record<string, OpenApiMediaType>>;
}

export interface OpenApiResponse {
  readonly description: string;
  readonly content?: Readonly<Record<string, OpenApiMediaType>>;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly OpenApiParameter[];
  readonly requestBody?: OpenApiRequestBody;
  readonly responses: Readonly<Record<string, OpenApiResponse | OpenApiReference>>;
}

export type HttpMethod = 'get' | 'post';

export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>>;

export interface OpenApiSecurityScheme {
  readonly type: 'apiKey';
  readonly in: 'header';
  readonly name: string;
  readonly description: string;
}

export interface OpenApiComponents {
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  readonly securitySchemes: Readonly<Record<string, OpenApiSecurityScheme>>;
}

/** One security requirement: every named scheme is needed together. */
export type OpenApiSecurityRequirement = Readonly<Record<string, readonly string[]>>;

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
  readonly security: readonly OpenApiSecurityRequirement[];
  readonly tags: readonly OpenApiTag[];
  readonly paths: Readonly<Record<string, OpenApiPathItem>>;
  readonly components: OpenApiComponents;
}
