// Request validation from the contract (DESIGN.md, API and server): openapi.yaml is read and
// dereferenced once, and every route under an API prefix gets the body, query and path schemas of
// its operation. A route the document does not describe stops the server at startup, so code and
// contract cannot drift apart silently.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { parse } from 'yaml';

type JsonSchema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on the routes that serve the contract itself (the API reference at /api/docs,
     * server/http/docs.ts): they are not calls of the API, so openapi.yaml does not list them.
     */
    contract?: false;
  }
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: Parameter[] };

export interface OpenApiDocument {
  paths: Record<string, PathItem>;
}

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'options' | 'head';

/** Paths the API owns; everything else belongs to the single-page app (see spa.ts). */
export const apiPrefixes = ['/v1', '/cases', '/neos', '/api', '/public'] as const;

export function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  return apiPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const defaultOpenApiPath = path.resolve(import.meta.dirname, '../../openapi.yaml');

const loaded = new Map<string, Promise<OpenApiDocument>>();

/** The dereferenced document; read once per file for the life of the process. */
export function loadOpenApi(file: string = defaultOpenApiPath): Promise<OpenApiDocument> {
  let document = loaded.get(file);
  if (!document) {
    document = readFile(file, 'utf8').then(async (text) => {
      const parsed = parse(text) as OpenApiDocument;
      return $RefParser.dereference<OpenApiDocument>(parsed, { resolve: { external: false } });
    });
    loaded.set(file, document);
    document.catch(() => loaded.delete(file));
  }
  return document;
}

/** '/v1/user/:id' -> '/v1/user/{id}'. */
function openApiPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operationOf(document: OpenApiDocument, method: string, url: string) {
  const pathItem = document.paths[openApiPathOf(url)];
  // Fastify adds a HEAD route beside each GET; it answers like the GET.
  const name = (method === 'HEAD' ? 'get' : method.toLowerCase()) as HttpMethod;
  const operation = pathItem?.[name];
  return pathItem && operation ? { pathItem, operation } : undefined;
}

function parametersSchema(parameters: Parameter[], location: 'query' | 'path'): JsonSchema | undefined {
  const own = parameters.filter((parameter) => parameter.in === location);
  if (own.length === 0 && location === 'path') return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: own.filter((parameter) => parameter.required || location === 'path').map((parameter) => parameter.name),
    // Unknown query parameters are refused like unknown body fields.
    additionalProperties: false,
  };
}

/** Marks a body schema whose body may be absent; the validator compiler below honours it. */
const OPTIONAL_BODY = 'x-optional-body';

/** The Fastify schema of one operation: its JSON body, its query string and its path parameters. */
export function routeSchema(pathItem: PathItem, operation: Operation): FastifySchema {
  // Operation-level parameters override path-level ones with the same name and location.
  const byKey = new Map<string, Parameter>();
  for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  const parameters = [...byKey.values()];
  const schema: FastifySchema = {};
  const body = operation.requestBody?.content?.['application/json']?.schema;
  // An optional body (`required: false`, e.g. a reveal's purpose) may be left out altogether.
  if (body) schema.body = operation.requestBody?.required ? body : { ...body, [OPTIONAL_BODY]: true };
  const querystring = parametersSchema(parameters, 'query');
  if (querystring) schema.querystring = querystring;
  const params = parametersSchema(parameters, 'path');
  if (params) schema.params = params;
  return schema;
}

function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    // Unknown fields are refused (additionalProperties: false in the document), never stripped.
    removeAdditional: false,
    // Query strings and path parameters arrive as text; bodies are JSON and keep their types.
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.coerce,
    // The document carries OpenAPI annotations (description, examples, ...) Ajv need not know.
    strict: false,
    logger: false,
  });
  addFormats(ajv);
  return ajv;
}

export interface OpenApiValidationOptions {
  document: OpenApiDocument;
}

async function openApiValidationPlugin(app: FastifyInstance, { document }: OpenApiValidationOptions): Promise<void> {
  const bodyAjv = createAjv({ coerce: false });
  const parameterAjv = createAjv({ coerce: true });
  app.setValidatorCompiler(({ schema, httpPart }): ValidateFunction => {
    const { [OPTIONAL_BODY]: optional, ...rest } = schema as JsonSchema & { [OPTIONAL_BODY]?: boolean };
    const validate = (httpPart === 'body' ? bodyAjv : parameterAjv).compile(rest as JsonSchema);
    if (!optional) return validate;
    const optionalBody = ((data: unknown) => {
      if (data === undefined || data === null) return true;
      const valid = validate(data);
      optionalBody.errors = validate.errors;
      return valid;
    }) as ValidateFunction;
    return optionalBody;
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiPath(route.url) || route.config?.contract === false) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const found = operationOf(document, method, route.url);
      if (!found) throw new Error(`${method} ${route.url} is not described in openapi.yaml; add it to the contract first`);
      route.schema = { ...route.schema, ...routeSchema(found.pathItem, found.operation) };
    }
  });
}

export const openApiValidation = fp(openApiValidationPlugin, { name: 'openapi-validation' });
