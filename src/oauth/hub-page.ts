// The frame every page of the hub shares (the consent page, the sign-in page, the error page):
// one style, the title, and escaping for everything a page shows.
import type { Language } from '../errors/messages.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  ul.scopes { padding-left: 1.2rem; } ul.scopes code { color: #555; font-size: .85em; }
  fieldset { border: 1px solid #dde; border-radius: 8px; margin: 1rem 0; } label { display: block; margin: .25rem 0; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 8px; border: 1px solid #99a; background: #fff; cursor: pointer; }
  button[value=approve] { background: #2457d6; border-color: #2457d6; color: #fff; }
  .note { color: #667; font-size: .9rem; }`;

/** A page of the hub: its title and the body's HTML, already escaped. */
export function page(title: string, body: string, language: Language = 'en'): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
