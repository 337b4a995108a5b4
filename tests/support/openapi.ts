import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { parse } from 'yaml';

/**
 * Validates values against a schema of a provider's published OpenAPI 3.0 description (kept in
 * tests/fixtures/<provider>/), so fakes and tests hold the shop's requests to the provider's own
 * rules rather than to ours. OpenAPI's extra keywords (`example`, `x-…`) are ignored; `nullable`
 * is understood; the `date` and `date-time` formats are checked, other formats are not.
 */
export function openApiSchemas(fixture: string) {
  const file = path.resolve(import.meta.dirname, '../fixtures', fixture);
  const document = parse(fs.readFileSync(file, 'utf8')) as { components: { schemas: object } };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat(
    'date-time',
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}| GMT[+-]\d{2}:\d{2})?$/,
  );
  for (const name of [
    'email',
    'uri',
    'uuid',
    'byte',
    'binary',
    'password',
    'float',
    'double',
    'int32',
    'int64',
  ])
    ajv.addFormat(name, true);
  ajv.addSchema({ ...document, $id: 'doc' });

  return {
    /** The schema's errors for `value`, as `#/path: message` lines (empty when it holds). */
    check(schema: string, value: unknown): string[] {
      const validate = ajv.getSchema(`doc#/components/schemas/${schema}`);
      if (!validate) throw new Error(`${fixture} has no schema ${schema}`);
      if (validate(value)) return [];
      return (validate.errors ?? []).map(describe);
    },
  };
}

function describe(error: ErrorObject): string {
  const where = `#${error.instancePath}`;
  if (error.keyword === 'required')
    return `${where}: required key [${error.params.missingProperty}] not found`;
  if (error.keyword === 'additionalProperties')
    return `${where}: extraneous key [${error.params.additionalProperty}] is not permitted`;
  return `${where}: ${error.message ?? error.keyword}`;
}
