// Every request schema of openapi.yaml compiled the way a server validates requests: the document
// dereferenced, body / query / path schemas each compiled by Ajv with ajv-formats, in strict
// mode so that a keyword Ajv does not know fails here rather than being ignored there.
import { dereference, type JSONSchema } from '@apidevtools/json-schema-ref-parser';
import Ajv, { type ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type HttpMethod, type OpenApiDocument, type Parameter, type SchemaObject, listOperations, loadDocument } from './openapiDocument';

export type RequestPart = 'body' | 'query' | 'path';
export type ValidatorKey = `${Uppercase<HttpMethod>} ${string} ${RequestPart}`;
export type Validators = Map<string, ValidateFunction>;

/** Query or path parameters as the one object schema a route validates them with. */
function parameterSchema(parameters: Parameter[], where: 'query' | 'path'): SchemaObject {
  const chosen = parameters.filter((parameter) => parameter.in === where);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(chosen.map((parameter) => [parameter.name, parameter.schema])),
    required: chosen.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

export function draft07Ajv(): Ajv {
  return new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
}

export async function compileRequestSchemas(ajv: Ajv | Ajv2020 = draft07Ajv()): Promise<Validators> {
  const document = (await dereference(structuredClone(loadDocument()) as unknown as JSONSchema)) as unknown as OpenApiDocument;
  addFormats(ajv);
  const compiled: Validators = new Map();
  for (const { method, path, operation, pathItem } of listOperations(document)) {
    const call = `${method.toUpperCase()} ${path}`;
    const body = operation.requestBody?.content?.['application/json']?.schema;
    if (body) compiled.set(`${call} body`, ajv.compile(body));
    const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])];
    compiled.set(`${call} query`, ajv.compile(parameterSchema(parameters, 'query')));
    compiled.set(`${call} path`, ajv.compile(parameterSchema(parameters, 'path')));
  }
  return compiled;
}

/** Ajv's complaints as '<instancePath> <keyword>', or [] when the value is accepted. */
export function verdictOf(validators: Validators, key: ValidatorKey, value: unknown): string[] {
  const validate = validators.get(key);
  if (!validate) throw new Error(`No validator for ${key}`);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.keyword}`);
}
