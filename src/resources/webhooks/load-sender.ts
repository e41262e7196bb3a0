// The Node-only sender (webhook-sender.ts: undici, node:crypto), loaded on first use through a
// specifier that bundlers do not follow: the mock's core also runs in a browser (the MSW face),
// where deliveries, webhook and app lifecycle alike, are queued and stored but stay `pending`.
type Sender = typeof import('./webhook-sender.ts');

// Resolved from this module's URL, read through a variable (bundlers follow neither): the package's
// build joins modules into chunks elsewhere and gives each its own file's URL back
// (scripts/bundle-entries.ts), while a relative `import()` would resolve from the chunk.
const here = import.meta.url;
const SENDER_MODULE = new URL(`./webhook-sender.${here.endsWith('.ts') ? 'ts' : 'js'}`, here).href;
let sender: Promise<Sender | undefined> | undefined;

export function loadSender(): Promise<Sender | undefined> {
  sender ??= (import(/* @vite-ignore */ SENDER_MODULE) as Promise<Sender>).catch((error: unknown) => {
    console.warn('[crmkit] deliveries cannot be sent here (they need Node); they stay pending:', error);
    return undefined;
  });
  return sender;
}
