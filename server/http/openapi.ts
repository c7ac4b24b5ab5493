// The contract on the server (docs/architecture.md, API and server): openapi.yaml is read and dereferenced
// once, and every route under an API prefix gets the body, query and path schemas of its operation
// to validate requests, and the schema of each JSON answer it documents, by status, to write
// answers (fast-json-stringify): a field the contract does not name is never sent, and an answer
// missing a required field fails as a 500 instead of reaching the client. A route the document
// does not describe stops the server at startup, so code and contract cannot drift apart silently;
// a new route gets all of this from its operation without a line of its own.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { parse } from 'yaml';
import type { ErrorBody } from './errors';

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
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
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

/**
 * The schema of every JSON answer the operation documents, by status ('200', '400', ...): Fastify
 * compiles each into the serializer of that status. Answers without a JSON body (204, the PDF)
 * have none.
 */
export function responseSchemas(operation: Operation): Record<string, JsonSchema> | undefined {
  const byStatus = Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
    const schema = response.content?.['application/json']?.schema;
    return schema ? [[status, schema] as const] : [];
  });
  return byStatus.length > 0 ? Object.fromEntries(byStatus) : undefined;
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
  /**
   * Tests: every answer's payload is checked, before it is written, against its status's schema
   * with every object closed (no field the contract does not name) and no type coerced. The
   * serializer would quietly drop such a field or turn a number into text; this makes the test
   * that sent the call fail instead, with a 500 naming what is off.
   */
  checkAnswers?: boolean;
}

/** A copy of the schema where an object that lists its properties allows no others. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)])) as JsonSchema;
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

function describeError({ instancePath, message, params }: ErrorObject): string {
  const name = (params as { additionalProperty?: string }).additionalProperty;
  return `${instancePath || 'the answer'} ${message ?? 'is invalid'}${name ? ` ('${name}')` : ''}`;
}

/** The test-only check of checkAnswers: status documented, payload exactly as the schema says. */
function answerChecker(app: FastifyInstance): void {
  const ajv = createAjv({ coerce: false });
  const compiled = new WeakMap<JsonSchema, ValidateFunction>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schemas = request.routeOptions.schema?.response as Record<string, JsonSchema> | undefined;
    // Routes outside the contract (the API reference) and unexpected failures (500) are not answers of an operation.
    if (!schemas || reply.statusCode === 500) return payload;
    const schema = schemas[String(reply.statusCode)];
    let problem: string | undefined;
    if (!schema) problem = `status ${reply.statusCode} is not documented`;
    else {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(closed(schema) as JsonSchema);
        compiled.set(schema, validate);
      }
      if (!validate(payload)) problem = (validate.errors ?? []).map(describeError).join('; ');
    }
    if (!problem) return payload;
    const message = `${request.method} ${request.routeOptions.url ?? request.url} answered off the contract: ${problem}`;
    console.error(message);
    reply.code(500);
    return { message, code: 'answer_off_contract' } satisfies ErrorBody;
  });
}

/**
 * The request validators of the routes (Fastify's validator compiler): bodies as JSON, query
 * strings and path parameters coerced from text. Exported so the contract tests
 * (tests/contract/requestValidators.ts) judge requests with the very validators the server uses.
 */
export function requestValidatorCompiler(): (route: { schema: unknown; httpPart?: string }) => ValidateFunction {
  const bodyAjv = createAjv({ coerce: false });
  const parameterAjv = createAjv({ coerce: true });
  return ({ schema, httpPart }) => {
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
  };
}

async function openApiValidationPlugin(app: FastifyInstance, { document, checkAnswers }: OpenApiValidationOptions): Promise<void> {
  if (checkAnswers) answerChecker(app);
  app.setValidatorCompiler(requestValidatorCompiler());

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.contract === false) return;
    const api = isApiPath(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const found = operationOf(document, method, route.url);
      if (!found && api) throw new Error(`${method} ${route.url} is not described in openapi.yaml; add it to the contract first`);
      if (!found) continue;
      // The probes (/health, /ready) are operations too, outside the API prefixes: their answers
      // follow the contract, their requests are not checked (a load balancer's probe is never refused).
      const requests = api ? routeSchema(found.pathItem, found.operation) : {};
      const response = responseSchemas(found.operation);
      route.schema = { ...route.schema, ...requests, ...(response ? { response } : {}) };
    }
  });
}

export const openApiValidation = fp(openApiValidationPlugin, { name: 'openapi-validation' });
