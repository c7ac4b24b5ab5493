// The server's request and answer types, read from the generated contract (src/api/schema.d.ts,
// `npm run gen:api` from openapi.yaml), the same types the browser client uses: no route or service
// writes a body's shape by hand, so a change to openapi.yaml reaches both sides at once.
import type { components, operations } from '../../src/api/schema';

export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of an operation's request; `undefined` included when the body is optional. */
export type RequestBody<Id extends OperationId> = operations[Id] extends { requestBody: infer Body }
  ? JsonOf<Body>
  : operations[Id] extends { requestBody?: infer Body }
    ? JsonOf<NonNullable<Body>> | undefined
    : undefined;

/** An operation's query parameters; after validation the contract's defaults are filled in. */
export type QueryOf<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;

/** The JSON body an operation answers with a status. */
export type AnswerOf<Id extends OperationId, Status extends keyof operations[Id]['responses']> = JsonOf<
  operations[Id]['responses'][Status]
>;

/** Every JSON answer of an operation, by status. */
export type AnswersOf<Id extends OperationId> = {
  [Status in keyof operations[Id]['responses']]: JsonOf<operations[Id]['responses'][Status]>;
};

/**
 * The Fastify route types of an operation: body, query string and path parameters as the contract
 * lets them through, and its answers by status, so a handler returning a body the contract does not
 * describe fails to compile.
 */
export interface Route<Id extends OperationId> {
  Body: RequestBody<Id>;
  Querystring: QueryOf<Id>;
  Params: NonNullable<operations[Id]['parameters']['path']>;
  Reply: AnswersOf<Id>;
}

/** A list operation's query once validated: the contract's defaults fill pageSize and offSetValue. */
export type PageQuery<Id extends OperationId> = QueryOf<Id> & { pageSize: number; offSetValue: number };

/** The route types of a list operation, its query with the defaults filled. */
export type PageRoute<Id extends OperationId> = Omit<Route<Id>, 'Querystring'> & { Querystring: PageQuery<Id> };
