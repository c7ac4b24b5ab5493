// Reads openapi.yaml as plain data for the contract tests: operations, $ref resolution and a
// schema walker. Only the parts of OpenAPI 3.1 this project uses are typed.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  [keyword: string]: unknown;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: SchemaObject;
}

interface MediaTypes {
  content?: Record<string, { schema: SchemaObject }>;
}

export interface ResponseObject extends MediaTypes {
  $ref?: string;
  description?: string;
}

export interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  responses: Record<string, ResponseObject>;
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: Parameter[] };

export interface OpenApiDocument {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters: Record<string, Parameter>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, unknown>;
  };
}

export const documentUrl = new URL('../../openapi.yaml', import.meta.url);

export function loadDocument(): OpenApiDocument {
  return parse(readFileSync(documentUrl, 'utf8')) as OpenApiDocument;
}

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: Operation;
  pathItem: PathItem;
}

export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  return Object.entries(doc.paths).flatMap(([path, pathItem]) =>
    httpMethods.flatMap((method) => {
      const operation = pathItem[method];
      return operation ? [{ method, path, operation, pathItem }] : [];
    }),
  );
}

export function findOperation(doc: OpenApiDocument, method: HttpMethod, path: string): Operation {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`openapi.yaml has no ${method.toUpperCase()} ${path}`);
  return operation;
}

/** Follows a local `$ref` ('#/components/...') until it reaches a value without one. */
export function resolve<T extends { $ref?: string }>(doc: OpenApiDocument, value: T): T {
  let current: T = value;
  for (let hops = 0; current.$ref !== undefined; hops += 1) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`Unresolvable $ref ${current.$ref}`);
    let target: unknown = doc;
    for (const segment of current.$ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[decodeURIComponent(segment)];
    }
    if (target === undefined) throw new Error(`Dangling $ref ${current.$ref}`);
    current = target as T;
  }
  return current;
}

export function jsonSchemaOf(doc: OpenApiDocument, holder: MediaTypes | undefined): SchemaObject | undefined {
  const schema = holder?.content?.['application/json']?.schema;
  return schema ? resolve(doc, schema) : undefined;
}

export function requestSchema(doc: OpenApiDocument, method: HttpMethod, path: string): SchemaObject {
  const schema = jsonSchemaOf(doc, findOperation(doc, method, path).requestBody);
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} has no JSON request body`);
  return schema;
}

export function successSchema(doc: OpenApiDocument, method: HttpMethod, path: string): SchemaObject {
  const responses = findOperation(doc, method, path).responses;
  const status = Object.keys(responses).find((code) => code.startsWith('2'));
  const schema = status ? jsonSchemaOf(doc, resolve(doc, responses[status]!)) : undefined;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} has no JSON success body`);
  return schema;
}

/** Path-level and operation-level parameters, resolved. */
export function parametersOf(doc: OpenApiDocument, method: HttpMethod, path: string): Parameter[] {
  const pathItem = doc.paths[path] ?? {};
  return [...(pathItem.parameters ?? []), ...(findOperation(doc, method, path).parameters ?? [])].map((p) => resolve(doc, p));
}

export function property(doc: OpenApiDocument, schema: SchemaObject, name: string): SchemaObject {
  const value = resolve(doc, schema).properties?.[name];
  if (!value) throw new Error(`No property ${name} in ${JSON.stringify(Object.keys(schema.properties ?? {}))}`);
  return resolve(doc, value);
}

export function propertyNames(doc: OpenApiDocument, schema: SchemaObject): string[] {
  return Object.keys(resolve(doc, schema).properties ?? {});
}

export function typesOf(schema: SchemaObject): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/**
 * Visits a schema and every schema inside it, following `$ref`s (each target once). `where` is a
 * readable location, e.g. `IntakeUpdateRequest.generalCaseInformation.personalInformation`.
 */
export function walkSchema(
  doc: OpenApiDocument,
  schema: SchemaObject,
  where: string,
  visit: (schema: SchemaObject, where: string) => void,
  seen: Set<string> = new Set(),
): void {
  if (schema.$ref !== undefined) {
    if (seen.has(schema.$ref)) return;
    seen.add(schema.$ref);
  }
  const resolved = resolve(doc, schema);
  visit(resolved, where);
  for (const [name, child] of Object.entries(resolved.properties ?? {})) walkSchema(doc, child, `${where}.${name}`, visit, seen);
  if (resolved.items) walkSchema(doc, resolved.items, `${where}[]`, visit, seen);
  if (typeof resolved.additionalProperties === 'object') walkSchema(doc, resolved.additionalProperties, `${where}{}`, visit, seen);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    resolved[key]?.forEach((child, index) => walkSchema(doc, child, `${where}<${key}${index}>`, visit, seen));
  }
}
