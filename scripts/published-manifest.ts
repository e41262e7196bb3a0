// The package.json that goes into the package (scripts/build-package.ts): the repository's, less
// the fields only its development reads. Its scripts (`prepare` bundles the OpenAPI document from
// sources the package does not ship; `test`, `bench`... need the repository) would make npm 11
// warn in every project that installs crmkit, and could not run there anyway.
const DEVELOPMENT_ONLY = ['scripts', 'devDependencies', 'allowScripts'] as const;

export function publishedManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(manifest).filter(([key]) => !(DEVELOPMENT_ONLY as readonly string[]).includes(key)));
}
