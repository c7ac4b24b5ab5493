// Every request schema of openapi.yaml compiled the way the server validates requests, with the
// server's own pieces (server/http/openapi.ts): the document as the server loads it, each API
// operation's body / query / path schemas as the server builds them (routeSchema), compiled by
// the server's validator compiler (Ajv 2020, query and path coerced from text). A verdict here is
// what the running server would accept or refuse.
import { isApiPath, loadOpenApi, requestValidatorCompiler, routeSchema } from '../../server/http/openapi';
import { type HttpMethod, httpMethods } from './openapiDocument';

export type RequestPart = 'body' | 'query' | 'path';
export type ValidatorKey = `${Uppercase<HttpMethod>} ${string} ${RequestPart}`;
/** Ajv's complaints as '<instancePath> <keyword>', or [] when the value is accepted. */
type Judge = (value: unknown) => string[];
export type Validators = Map<string, Judge>;

/** Each operation of the document as the server reads it. */
async function serverOperations() {
  const document = await loadOpenApi();
  return Object.entries(document.paths).flatMap(([path, pathItem]) =>
    httpMethods.flatMap((method) => {
      const operation = method === 'trace' ? undefined : pathItem[method];
      return operation ? [{ call: `${method.toUpperCase()} ${path}`, path, pathItem, operation }] : [];
    }),
  );
}

export async function compileRequestSchemas(): Promise<Validators> {
  const compile = requestValidatorCompiler();
  const judge = (schema: unknown, httpPart: string): Judge => {
    const validate = compile({ schema, httpPart });
    return (value) => (validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.keyword}`));
  };
  const compiled: Validators = new Map();
  for (const { call, path, pathItem, operation } of await serverOperations()) {
    // The server checks the requests of the API's paths only (a probe is never refused).
    if (!isApiPath(path)) continue;
    const { body, querystring, params } = routeSchema(pathItem, operation);
    if (body) compiled.set(`${call} body`, judge(body, 'body'));
    if (querystring) compiled.set(`${call} query`, judge(querystring, 'querystring'));
    if (params) compiled.set(`${call} path`, judge(params, 'params'));
  }
  return compiled;
}

export function verdictOf(validators: Validators, key: ValidatorKey, value: unknown): string[] {
  const judge = validators.get(key);
  if (!judge) throw new Error(`No validator for ${key}`);
  return judge(value);
}

/** Every body and parameter schema of the document as written, for a strict compile of its keywords. */
export async function requestSchemas(): Promise<Array<{ call: string; schema: unknown }>> {
  return (await serverOperations()).flatMap(({ call, pathItem, operation }) => {
    const body = operation.requestBody?.content?.['application/json']?.schema;
    const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])];
    return [
      ...(body ? [{ call: `${call} body`, schema: body }] : []),
      ...parameters.map((parameter) => ({ call: `${call} ${parameter.in} ${parameter.name}`, schema: parameter.schema ?? {} })),
    ];
  });
}
