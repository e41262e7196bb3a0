// A Standard Schema (https://standardschema.dev) over an ajv validator compiled from the OpenAPI
// document: @msw/data checks every stored record against the document, with no second schema
// language to keep in step with it.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidateFunction } from 'ajv';

export function recordSchema<T>(name: string, validate: ValidateFunction): StandardSchemaV1<T, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'crmkit',
      validate(value) {
        if (validate(value)) return { value: value as T };
        return {
          issues: (validate.errors ?? []).map((error) => ({
            message: `${name}${error.instancePath} ${error.message ?? 'is invalid'}`,
            path: error.instancePath.split('/').slice(1),
          })),
        };
      },
    },
  };
}
