// Spec references in the rendered docs. The document's descriptions name the sections of the
// CRM's specification they come from ("(spec 4.2)"), which readers of the docs do not have: in
// the docs' copy of the document each one becomes a link to the guide section that explains the
// subject, or goes away when the reference page itself is the explanation.
import { sectionAnchor } from './docs-guide.ts';

type GuideLink = { title: string; anchor: string };

const guide = (title: string, sub?: string): GuideLink => ({
  title: sub ?? title,
  anchor: sectionAnchor(...(sub ? [title, sub] : [title])),
});

/** Sections of the specification that a guide section explains; the others are left to the reference. */
const GUIDE_SECTIONS: [RegExp, GuideLink][] = [
  [/^2\.[12]$/, guide('Ids and record numbers')],
  [/^2\.14$|^4\.12$/, guide('Forms and the widget')],
  [/^4\.13$/, guide('Paging')],
  [/^4\.15$|^5\.2$/, guide('OAuth for apps')],
  [/^5(\.1)?$/, guide('Credentials and scopes')],
  [/^6\.2$/, guide('Receiving webhooks', 'Verifying signatures')],
  [/^6\.3$/, guide('Receiving webhooks', 'Answering and retries')],
  [/^6(\.1)?$|^6\.5$|^4\.11$|^2\.13$/, guide('Receiving webhooks')],
  [/^7(\.[0-9])?$/, guide('Errors and languages')],
  [/^8$/, guide('Limits')],
  [/^9$/, guide('Errors and languages', 'Retries')],
];

const NUMBER = String.raw`\d+(?:\.\d+)?`;
/**
 * One reference: `spec 4.2`, `CRM spec 5.2, 6.5`, `spec 4.6 and 4.9`, `spec 3, Task`,
 * `spec 5.2 step 3`, `spec 3 "Message (outgoing)"`, `spec README, reading 1`.
 */
const REFERENCE = new RegExp(
  String.raw`(?:CRM )?[Ss]pec (?:README, reading \d+|${NUMBER}(?:(?:, | and )${NUMBER})*(?:, Task|, value table| steps? \d+(?: and \d+)?| create and rotate-secret| "[^"]*")?)`,
  'g',
);

/**
 * The guide sections a reference points to. Part 2.1 (conventions) is cited for many small rules
 * (a delete's answer, PATCH semantics): only its ids and record numbers have a guide section.
 */
export function guideLinksOf(reference: string, text = ''): GuideLink[] {
  const links = new Map<string, GuideLink>();
  if (/README/.test(reference)) return [];
  for (const section of reference.replace(/"[^"]*"/g, '').match(new RegExp(NUMBER, 'g')) ?? []) {
    if (section === '2.1' && !/\bnumber\b|prefix/.test(text)) continue;
    const link = GUIDE_SECTIONS.find(([pattern]) => pattern.test(section))?.[1];
    if (link) links.set(link.anchor, link);
  }
  // A subsection and its section: the subsection says more.
  return [...links.values()].filter(
    (link) => ![...links.values()].some((other) => other !== link && other.anchor.startsWith(`${link.anchor}/`)),
  );
}

/** `page` is where the guide is, seen from the page the text is shown on ('' for the same page). */
export function rewriteSpecReferences(text: string, page = ''): string {
  const see = (links: GuideLink[]) => `see ${links.map((link) => `[${link.title}](${page}#${link.anchor})`).join(' and ')}`;
  // A reference that goes leaves a mark (GONE) for the tidying below, which touches nothing else
  // of the text (descriptions hold code: `()` and indentation must stay).
  const GONE = '\u0001';
  const OF = '\u0002';
  let out = text.replace(REFERENCE, (reference, offset: number, whole: string) => {
    const links = guideLinksOf(reference, whole);
    const before = whole.slice(0, offset);
    const after = whole.slice(offset + reference.length);
    // "the routes of spec 4.6", "The error envelope of spec 7.1": the words go, a link follows.
    if (/\b(?:of|in) (?:the )?$/.test(before)) return links.length ? `${OF}(${see(links)})` : OF;
    // "spec 2.10 lists `attachments` as an array": the reference is the subject of a sentence.
    if (/^ [a-z`]/.test(after) && !/^ (?:and|or)\b/.test(after)) return /^S/.test(reference) ? 'The specification' : 'the specification';
    return links.length ? see(links) : GONE;
  });
  // What "the spec" says it leaves out stays, named so that a reader knows what it is.
  out = out.replace(/\b([Tt])he spec\b/g, '$1he specification');
  out = out
    .replace(new RegExp(` (?:of|in) (?:the )?${OF}(\\([^)]*\\))?`, 'g'), (_all, link: string | undefined) => (link ? ` ${link}` : ''))
    .replace(new RegExp(OF, 'g'), '')
    .replace(new RegExp(`${GONE}(?:\\s*[,;]\\s*${GONE})+`, 'g'), GONE)
    .replace(new RegExp(`\\s*\\(\\s*${GONE}\\s*\\)`, 'g'), '')
    .replace(new RegExp(`\\(\\s*${GONE}\\s*[,;:]\\s*`, 'g'), '(')
    .replace(new RegExp(`\\s*[,;:]?\\s*${GONE}\\s*\\)`, 'g'), ')')
    .replace(new RegExp(`\\s*[,;]\\s*${GONE}`, 'g'), '')
    .replace(new RegExp(` ?${GONE}`, 'g'), '');
  return out;
}

/** Rewrites every description, summary and title of a document (in place). */
export function rewriteDocumentReferences(node: unknown, page = ''): void {
  if (Array.isArray(node)) {
    node.forEach((item) => rewriteDocumentReferences(item, page));
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if ((key === 'description' || key === 'summary' || key === 'title') && typeof value === 'string')
      record[key] = rewriteSpecReferences(value, page);
    else rewriteDocumentReferences(value, page);
  }
}
