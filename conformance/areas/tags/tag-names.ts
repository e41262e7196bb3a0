// Spec 2.5, 4.4, 8: a tag name is trimmed with inner runs of spaces folded, 1 to 32 characters,
// no commas, unique ignoring case; create answers 201 with a new tag (a `tag_` id, a palette
// color, created_at), and 200 with the existing tag for a name it has in any case (retry-safe).
// A color sent by a caller that can manage tags is used; one outside the palette is refused.
// Names carry the run id, so nothing another person made is touched.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { createTag, PALETTE, postTag, refusedValue, tagList, type Tag } from '../../kits/tag-kit.ts';

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const tagNames: ActiveCheck = {
  kind: 'active',
  id: 'tags.tag-names',
  area: 'tags',
  title:
    'tag names are trimmed, spaces folded, 1 to 32 characters without commas, unique ignoring case; create answers 201, or 200 with the existing tag',
  spec: '2.5, 4.4, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const base = `cn${context.runId}`;
    const trimmed = await createTag(context, `   ${base}-ends  `);
    context.judge('tags.name-trimmed', trimmed.name !== `${base}-ends` && `"   ${base}-ends  " was stored as "${trimmed.name}"`);
    const folded = await createTag(context, `${base}   inner  spaces`);
    context.judge(
      'tags.name-inner-spaces',
      folded.name !== `${base} inner spaces` && `"${base}   inner  spaces" was stored as "${folded.name}"`,
    );
    judgeNewTag(context, trimmed);
    await judgeSameNameAgain(context, trimmed);
    await judgeLengths(context, base);
    await judgeColors(context, base);
  },
};

function judgeNewTag(context: CheckContext, tag: Tag): void {
  context.judge('tags.create-201', !tag.id && 'the 201 answer is no tag');
  context.judge('tags.id-prefix', !/^tag_[0-9a-z]{26}$/.test(tag.id) && `the tag's id is ${tag.id}`);
  context.judge('tags.created-at', !TIME.test(tag.created_at ?? '') && `created_at is ${JSON.stringify(tag.created_at)}`);
  context.judge(
    'tags.color-palette',
    !PALETTE.includes(tag.color) && `an automatic color ${JSON.stringify(tag.color)} is not of the palette`,
  );
}

/** The same name in another case and with extra spaces: 200, the same tag as it was; case is a letter's, Cyrillic too. */
async function judgeSameNameAgain(context: CheckContext, tag: Tag): Promise<void> {
  const cyrillic = await createTag(context, `${tag.name}-клиент`);
  const latin = await sameNameAgain(context, tag);
  const other = await sameNameAgain(context, cyrillic);
  context.judge('tags.create-existing-200', latin.problem ?? other.problem, latin.problem ? latin.again : other.again);
  const { tags } = await tagList(context);
  const copies = (named: Tag) => tags.filter((listed) => listed.name.toLowerCase() === named.name.toLowerCase()).length;
  const unique = [tag, cyrillic]
    .map((named) => (copies(named) !== 1 ? `the catalog holds ${copies(named)} tags named "${named.name}" in some case` : undefined))
    .find(Boolean);
  context.judge(
    'tags.name-unique-ignoring-case',
    unique ?? (latin.problem || other.problem ? 'a name in another case did not name the same tag' : undefined),
  );
}

/** Creating `tag`'s name again in capitals with spaces around: what is wrong with the answer, if anything. */
async function sameNameAgain(context: CheckContext, tag: Tag) {
  const again = await postTag(context, { name: `  ${tag.name.toUpperCase()} ` });
  const same = again.json?.id === tag.id && again.json?.name === tag.name;
  const problem =
    again.status !== 200 || !same
      ? `creating "${tag.name.toUpperCase()}" again answered ${again.status} with ${again.json?.id} "${again.json?.name}", not 200 with ${tag.id} "${tag.name}"`
      : undefined;
  return { again, problem };
}

async function judgeLengths(context: CheckContext, base: string): Promise<void> {
  const longest = await postTag(context, { name: base.padEnd(32, 'x') });
  const tooLong = await postTag(context, { name: base.padEnd(33, 'x') });
  const empty = await postTag(context, { name: '   ' });
  const comma = await postTag(context, { name: `${base},comma` });
  const nameless = await postTag(context, {});
  const lengthProblem =
    longest.status !== 201
      ? `a 32-character name answered ${longest.status}`
      : (invalidName(tooLong, '33 characters') ?? invalidName(empty, 'only spaces'));
  context.judge('tags.name-length', lengthProblem, longest.status !== 201 ? longest : tooLong);
  context.judge('tags.name-no-commas', invalidName(comma, 'a comma'), comma);
  context.judge('tags.limit-name', lengthProblem ?? invalidName(comma, 'a comma'), comma);
  const missing = refusedValue(nameless);
  context.judge('tags.create-name-required', missing && `a tag without name ${missing}`, nameless);
}

/** 422 validation_failed naming `name`, or what is wrong. */
function invalidName(exchange: { status: number; json?: any }, what: string): string | undefined {
  const error = exchange.json?.error;
  if (exchange.status === 422 && error?.code === 'validation_failed' && error.fields && 'name' in error.fields) return undefined;
  return `a name with ${what} answered ${exchange.status} ${error?.code ?? ''}, not 422 validation_failed under name`;
}

/** A manager's color is used; a color outside the palette is refused. */
async function judgeColors(context: CheckContext, base: string): Promise<void> {
  const { exchange } = await tagList(context);
  if (exchange.json?.can_manage === true) {
    // The color asked for is one the name's automatic color is not: a deployment that ignores it
    // could otherwise hand out the asked color by chance (a mock's automatic color follows the name).
    const name = `${base}-colored`;
    const automatic = await createTag(context, name);
    const removed = await context.client.call('deleteTag', { path: { id: automatic.id } });
    const color = PALETTE.find((candidate) => candidate !== automatic.color)!;
    const colored = await createTag(context, removed.status < 300 ? name : `${name}-again`, color);
    context.judge(
      'tags.create-color-when-manager',
      colored.color !== color && `a tag created with color ${color} by a caller that can manage tags is ${colored.color}`,
    );
  }
  const magenta = await postTag(context, { name: `${base}-magenta`, color: 'magenta' });
  const refused = refusedValue(magenta);
  context.judge('tags.color-outside-palette', refused && `the color magenta ${refused}`, magenta);
}
