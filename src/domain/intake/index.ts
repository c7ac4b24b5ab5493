// The intake domain (docs/product/intake-form.md): types, blank form, tabs, the field catalogue, rules, schemas and
// the conversions between the form and the API. Pure TypeScript for the browser and the server.
export * from './types';
export * from './empty';
export * from './tabs';
export * from './fields';
export * from './rules';
export * from './schemas';
export * from './normalise';
export * from './editing';
export * from './clientAnswers';
