// The spec's areas: one taxonomy for the catalog (conformance/areas/<area>/rules.yaml), the suite's
// checks beside it, the mutants (src/faults/areas/<area>.ts) and the mutation tests (issue 23,
// item 3). The order is the order the suite's active checks run in: a few checks change what later
// ones meet (the forms token check moves a mock's clock a day on, an OAuth check uninstalls the
// suite's app, spec 5.2, and limits set on a mock are lifted by each check but run last all the same).
export const AREAS = [
  'conventions',
  'auth',
  'errors',
  'contacts',
  'fields',
  'members',
  'products',
  'leads',
  'tags',
  'tasks',
  'notes',
  'query',
  'conversations',
  'events',
  'webhooks',
  'forms',
  'oauth',
  'limits',
] as const;
export type Area = (typeof AREAS)[number];

export const isArea = (name: string): name is Area => (AREAS as readonly string[]).includes(name);
