// The control token of a mock started with `crmkit mock --control-token` (http/control-guard.ts):
// the page's files are served without it, but every control call needs it. The page asks the
// person once, in a form, and keeps it in sessionStorage (this tab only, gone when it closes);
// a 401 invalid_token (a wrong token, or a mock restarted with another) asks again.
import { h } from './dom.js';

const STORAGE_KEY = 'crmkit-control-token';

let asking;

/** The token the person gave in this tab, or null. */
export function controlToken() {
  return sessionStorage.getItem(STORAGE_KEY);
}

/**
 * After a 401 to a call sent with `sent` (a token, or null for none): shows the form (once,
 * however many calls were refused) and resolves when a token is given. A call refused after the
 * person already gave a newer token just tries that one.
 */
export function askForToken(sent) {
  const stored = controlToken();
  if (stored !== null && stored !== sent) return Promise.resolve();
  if (stored !== null) sessionStorage.removeItem(STORAGE_KEY);
  const refused = sent !== null;
  asking ??= new Promise((resolve) => {
    const input = h('input', { id: 'control-token', name: 'token', type: 'password', autocomplete: 'off', required: true, spellcheck: 'false' });
    const form = h(
      'form',
      {
        class: 'token-form',
        id: 'token-form',
        'aria-labelledby': 'token-title',
        onsubmit(event) {
          event.preventDefault();
          const token = input.value.trim();
          if (!token) return;
          sessionStorage.setItem(STORAGE_KEY, token);
          form.remove();
          asking = undefined;
          resolve();
        },
      },
      h('h2', { id: 'token-title' }, 'Control token'),
      h('p', {}, refused
        ? 'The mock refused this token. Give the one it was started with (crmkit mock --control-token, or CRMKIT_CONTROL_TOKEN).'
        : 'This mock was started with a control token (crmkit mock --control-token, or CRMKIT_CONTROL_TOKEN). The page sends it with each of its control calls; it is kept in this tab only.'),
      h('label', { for: 'control-token' }, 'Token'),
      ' ',
      input,
      ' ',
      h('button', { type: 'submit' }, 'Open the inspector'),
    );
    document.body.prepend(form);
    input.focus();
  });
  return asking;
}
