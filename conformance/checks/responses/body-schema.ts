import { createApi } from '../../../src/http/api.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import { responseProblems } from '../../../src/spec/response-check.ts';
import type { Observer } from '../../check.ts';

const { validator } = createApi(loadDocument('crm'));

export const bodySchema: Observer = {
  kind: 'observer',
  id: 'responses.body-schema',
  family: 'responses',
  title: "every JSON body is valid against its response's schema",
  spec: '2, 4',
  basis: 'documented',
  observe({ operation, status, json, headers }) {
    if (!operation || json === undefined || !headers['content-type']?.includes('json')) return undefined;
    const problems = responseProblems(operation, validator, status, json).filter((problem) => !problem.includes('does not declare status'));
    return problems.length ? problems.slice(0, 3).join('; ') : undefined;
  },
};
