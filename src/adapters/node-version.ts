// msw 3 needs Node 22 or newer: on older Node its interceptors fail later with a bare
// `fetch failed`. `crmkit/msw` says so at once instead, with the fix. Browsers are not concerned.
const MINIMUM_MAJOR = 22;

export function refuseOldNode(version: string | undefined = globalThis.process?.versions?.node): void {
  if (!version) return;
  const major = Number(version.split('.')[0]);
  if (major >= MINIMUM_MAJOR) return;
  throw new Error(
    `crmkit/msw needs Node ${MINIMUM_MAJOR} or newer (msw 3 does); this is Node ${version}. ` +
      'Run your tests on Node 22 or 24 (for example with `nvm use 24`, or `node@24` as a devDependency so npm scripts use it).',
  );
}
