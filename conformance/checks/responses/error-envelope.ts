import { readErrorCatalog } from '../../../src/errors/error-catalog.ts';
import { loadDocument } from '../../../src/spec/document.ts';
import type { Observer } from '../../check.ts';

const catalog = readErrorCatalog(loadDocument('crm'));

export const errorEnvelope: Observer = {
  kind: 'observer',
  id: 'responses.error-envelope',
  family: 'responses',
  title: 'errors answer {error: {code, message, request_id, docs_url}} with the status of their code',
  spec: '7.1, 7.3',
  basis: 'documented',
  observe({ operation, status, json, headers }) {
    if (!operation || status < 400 || operation.path.startsWith('/oauth/')) return undefined;
    const error = json?.error;
    if (!error || typeof error !== 'object') return 'an error answer without the error envelope';
    for (const field of ['code', 'message', 'request_id', 'docs_url']) if (typeof error[field] !== 'string') return `error.${field} is missing`;
    if (error.request_id !== headers['x-request-id']) return `error.request_id ${error.request_id} differs from X-Request-Id ${headers['x-request-id']}`;
    const statuses = catalog.get(error.code)?.statuses;
    if (statuses && !statuses.includes(status)) return `${error.code} answered with ${status}; the spec gives ${statuses.join(' or ')}`;
    return undefined;
  },
};
