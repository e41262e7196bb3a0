// The Node-only sender (webhook-sender.ts: undici, node:crypto), loaded on first use through a
// specifier that bundlers do not follow: the mock's core also runs in a browser (the MSW face),
// where deliveries, webhook and app lifecycle alike, are queued and stored but stay `pending`.
type Sender = typeof import('./webhook-sender.ts');

let sender: Promise<Sender | undefined> | undefined;

export function loadSender(): Promise<Sender | undefined> {
  sender ??= importSender().catch((error: unknown) => {
    console.warn('[crmkit] deliveries cannot be sent here (they need Node); they stay pending:', error);
    return undefined;
  });
  return sender;
}

// Resolved from this module's URL, read through a variable and on first use (a classic script
// has none): the package's build joins modules into chunks elsewhere and gives each its own
// file's URL back (scripts/bundle-entries.ts), where a relative `import()` resolves from the chunk.
async function importSender(): Promise<Sender> {
  const here = import.meta.url;
  return (await import(/* @vite-ignore */ new URL(`./webhook-sender.${here.endsWith('.ts') ? 'ts' : 'js'}`, here).href)) as Sender;
}
