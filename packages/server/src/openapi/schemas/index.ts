// Every body shape this server writes, declared once (declare.ts): the routes type their answers with
// them and the OpenAPI document publishes them under components.schemas, in this order.

import { listComponents, type TSchema } from './declare.ts';

export * from './common.ts';
export * from './scripture.ts';
export * from './graph.ts';
export * from './service.ts';
export * from './webhooks.ts';
export { type Body, componentName, type Describes, described, type Static, type TSchema, Type } from './declare.ts';

/** `components.schemas` of the OpenAPI document: every named schema, as JSON Schema 2020-12. */
export function getComponentSchemas(): Record<string, TSchema> {
  return Object.fromEntries(listComponents());
}
