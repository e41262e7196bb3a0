import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true, allowUnionTypes: true, verbose: false });
ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
const v = ajv.compile(JSON.parse(readFileSync('/work/main/scenarios/scenario.schema.json','utf8')));
v(parse(readFileSync('/tmp/t.yaml','utf8')));
for (const e of v.errors!) console.log(e.instancePath, e.schemaPath, e.keyword, JSON.stringify(e.params), (e as any).propertyName ?? '');
