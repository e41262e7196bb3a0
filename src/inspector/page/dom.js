// Small DOM helpers for the inspector page. Every text from the mock goes in as a text node
// (never as HTML), so nothing a record or a request holds can run on the page.

/**
 * An element: h('button', {type: 'button', onclick}, 'Move'). Attributes starting with `on`
 * are listeners; `class`, `for` and the rest are set as attributes; false and null are skipped.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'value') {
      // As the default too: swap() tells what the person typed from what the page rendered.
      element.setAttribute('value', String(value));
      element.value = value;
    }
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * A localized name (`{en, ru, "uz-Latn"}`, spec 2.1) in the page's language (`<html lang>`): the
 * exact tag, else one of the same language (`uz` for `uz-Latn`), else English, else any.
 */
export function label(name) {
  if (name === null || name === undefined) return '';
  if (typeof name !== 'object') return String(name);
  const wanted = (document.documentElement.lang || 'en').toLowerCase();
  const tags = Object.keys(name);
  const same = (tag) => tag.toLowerCase().split('-')[0] === wanted.split('-')[0];
  const tag = tags.find((candidate) => candidate.toLowerCase() === wanted) ?? tags.find(same) ?? (name.en === undefined ? tags[0] : 'en');
  return tag === undefined ? '' : String(name[tag]);
}

/** A time as the page shows it: `2026-11-20 08:00:00 UTC`. */
export function when(iso) {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `<time>` for a time, readable and machine-readable. */
export function time(iso) {
  return iso ? h('time', { datetime: iso }, when(iso)) : '—';
}

/** A value as pretty JSON in a preformatted block. */
export function json(value) {
  let text;
  if (typeof value === 'string') {
    try {
      text = JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      text = value;
    }
  } else text = JSON.stringify(value, null, 2);
  return h('pre', { class: 'code', tabindex: 0 }, text ?? '');
}

/** A two-column table of names and values (headers, fields). */
export function pairs(entries, caption) {
  return h('table', { class: 'pairs' },
    caption ? h('caption', {}, caption) : null,
    h('tbody', {}, entries.map(([name, value]) => h('tr', {}, h('th', { scope: 'row' }, name), h('td', {}, value)))));
}

/** A status as a badge whose class follows its class of answer (2xx, 4xx, ...) or its word. */
export function badge(value, kind = classOf(value)) {
  return h('span', { class: `badge badge-${kind}` }, value === null || value === undefined ? 'none' : String(value));
}

function classOf(value) {
  if (typeof value === 'number') return `${Math.floor(value / 100)}xx`;
  return String(value ?? 'none').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

/** A money amount in minor units (spec 2.1) with its currency. */
export function money(amount, currency) {
  if (amount === null || amount === undefined) return '—';
  return `${(amount / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency ?? ''}`.trim();
}

/** Replaces a container's children, keeping which <details> were open, where focus was, and what was typed. */
export function swap(container, ...children) {
  const open = new Set([...container.querySelectorAll('details[open][data-key]')].map((node) => node.dataset.key));
  const typed = edits(container);
  const active = container.contains(document.activeElement) ? document.activeElement : null;
  const focused = active?.dataset?.key;
  const caret = active && 'selectionStart' in active ? [active.selectionStart, active.selectionEnd] : null;
  const fresh = h('div', {}, ...children);
  for (const node of fresh.querySelectorAll('details[data-key]')) if (open.has(node.dataset.key)) node.open = true;
  // A render that lands while the person types must not take their text or choice away.
  // A `restored` event lets a field that shows or hides others (the board's loss reason) follow the value put back.
  for (const node of fresh.querySelectorAll('input[data-key], select[data-key]')) {
    if (!typed.has(node.dataset.key)) continue;
    node.value = typed.get(node.dataset.key);
    node.dispatchEvent(new Event('restored'));
  }
  // A chosen file cannot be set on a new input: the input that holds it is kept in the new render.
  for (const node of fresh.querySelectorAll('input[type="file"][id]')) {
    const chosen = container.querySelector(`input[type="file"][id="${CSS.escape(node.id)}"]`);
    if (chosen?.files?.length) node.replaceWith(chosen);
  }
  container.replaceChildren(...fresh.childNodes);
  if (!focused) return;
  const again = container.querySelector(`[data-key="${CSS.escape(focused)}"]`);
  again?.focus();
  if (again && caret && caret[0] !== null) {
    try {
      again.setSelectionRange(caret[0], caret[1]);
    } catch {
      // Not a text field (a number or date input): the caret has no place to keep.
    }
  }
}

/** The fields whose value the person changed from what was rendered, by data-key. */
function edits(container) {
  const typed = new Map();
  for (const node of container.querySelectorAll('input[data-key], select[data-key]')) {
    if (node.type === 'checkbox' || node.type === 'file') continue;
    const changed = node.tagName === 'SELECT' ? [...node.options].some((option) => option.selected !== option.defaultSelected) : node.value !== node.defaultValue;
    if (changed) typed.set(node.dataset.key, node.value);
  }
  return typed;
}
