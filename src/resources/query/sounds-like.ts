// `sounds_like` (spec 4.13): names that sound alike whatever their spelling or script.
//
// The algorithm is Daitch–Mokotoff Soundex (D-M), the soundex made for Slavic and other Eastern
// European names: it codes consonant sounds (kh, zh, shch, ts...) rather than letters, ignores
// vowels after the first letter, and gives a name every code its ambiguous letters allow (ch is
// k or tsh), two names matching when their codes meet. Before coding, each word is brought to
// one Latin spelling, which is what Uzbek and Russian names need:
//   - Cyrillic (Russian and Uzbek letters ў қ ғ ҳ) is transliterated: Мухаммад -> mukhammad;
//   - Uzbek Latin apostrophes (o‘, g‘, the tutuq belgisi) are dropped;
//   - Uzbek x is kh, but English x is ks: a word with x is coded both ways (Baxtiyor ~ Bakhtiyor,
//     Alexander ~ Aleksandr);
//   - a leading "ye" is "e" (Yelena ~ Елена ~ Elena), and a word-final h after a vowel is silent.
// One change to D-M itself: h before a consonant is sounded (Uzbek and Russian say it), so
// Mahmud ~ Махмуд ~ Maxmud, where plain D-M would drop the h of Mahmud only.
// So Muhammad, Mukhammad, Mohammed and Мухаммад share the code 656300.

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
  і: 'i',
  ї: 'yi',
  є: 'ye',
};

// D-M coding table: letters, then the code at the start of a word, before a vowel, elsewhere.
// '' is "not coded"; 'a|b' gives both codes.
const TABLE: [letters: string, start: string, beforeVowel: string, other: string][] = [
  ['ai aj ay', '0', '1', ''],
  ['au', '0', '7', ''],
  ['a', '0', '', ''],
  ['b', '7', '7', '7'],
  ['chs', '5', '54', '54'],
  ['ch', '5|4', '5|4', '5|4'],
  ['ck', '5|45', '5|45', '5|45'],
  ['cz cs csz czs', '4', '4', '4'],
  ['c', '5|4', '5|4', '5|4'],
  ['drz drs ds dsh dsz dz dzh dzs', '4', '4', '4'],
  ['d dt', '3', '3', '3'],
  ['ei ej ey', '0', '1', ''],
  ['eu', '1', '1', ''],
  ['e', '0', '', ''],
  ['f fb', '7', '7', '7'],
  ['g', '5', '5', '5'],
  ['h', '5', '5', '5'],
  ['ia ie io iu', '1', '', ''],
  ['i', '0', '', ''],
  ['j', '1|4', '|4', '|4'],
  ['ks', '5', '54', '54'],
  ['k kh', '5', '5', '5'],
  ['l', '8', '8', '8'],
  ['mn nm', '66', '66', '66'],
  ['m n', '6', '6', '6'],
  ['oi oj oy', '0', '1', ''],
  ['o', '0', '', ''],
  ['p pf ph', '7', '7', '7'],
  ['q', '5', '5', '5'],
  ['rz rs', '94|4', '94|4', '94|4'],
  ['r', '9', '9', '9'],
  ['schtsch schtsh schtch shtch shch shtsh', '2', '4', '4'],
  ['sch', '4', '4', '4'],
  ['sht scht schd', '2', '43', '43'],
  ['sh', '4', '4', '4'],
  ['stch stsch sc strz strs stsh', '2', '4', '4'],
  ['st', '2', '43', '43'],
  ['szcz szcs', '2', '4', '4'],
  ['szt shd szd sd', '2', '43', '43'],
  ['s sz', '4', '4', '4'],
  ['tch ttch ttsch', '4', '4', '4'],
  ['th', '3', '3', '3'],
  ['trz trs tsch tsh ts tts ttsz tc tz ttz tzs tsz', '4', '4', '4'],
  ['t', '3', '3', '3'],
  ['ui uj uy', '0', '1', ''],
  ['u ue', '0', '', ''],
  ['v w', '7', '7', '7'],
  ['x', '5', '54', '54'],
  ['y', '1', '', ''],
  ['zdz zdzh zhdzh', '2', '4', '4'],
  ['zd zhd', '2', '43', '43'],
  ['z zh zs zsch zsh', '4', '4', '4'],
];

type Rule = { letters: string; start: string[]; beforeVowel: string[]; other: string[] };

/** Rules by first letter, longest letters first: the longest match wins. */
const RULES = new Map<string, Rule[]>();
for (const [letters, start, beforeVowel, other] of TABLE) {
  for (const spelling of letters.split(' ')) {
    const rules = RULES.get(spelling[0]!) ?? [];
    rules.push({ letters: spelling, start: start.split('|'), beforeVowel: beforeVowel.split('|'), other: other.split('|') });
    RULES.set(
      spelling[0]!,
      rules.sort((a, b) => b.letters.length - a.letters.length),
    );
  }
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
const CODE_LENGTH = 6;
/** Words with many ambiguous letters could give hundreds of codes; a name never needs that many. */
const MAX_BRANCHES = 64;

/** The codes of every word of `text`: one set per word. */
export function phoneticCodes(text: string): Set<string>[] {
  return wordsOf(text).map((word) => new Set(spellingsOf(word).flatMap(codesOf)));
}

/** Each word of `wanted` sounds like some word of `text`. */
export function soundsLike(text: string, wanted: readonly Set<string>[]): boolean {
  const words = cachedCodes(text);
  return wanted.every((codes) => words.some((word) => [...codes].some((code) => word.has(code))));
}

// Names repeat across records: a query over 100,000 leads codes each distinct name once.
const cache = new Map<string, Set<string>[]>();

function cachedCodes(text: string): Set<string>[] {
  let codes = cache.get(text);
  if (!codes) {
    if (cache.size > 50_000) cache.clear();
    cache.set(text, (codes = phoneticCodes(text)));
  }
  return codes;
}

function wordsOf(text: string): string[] {
  const latin = [...text.normalize('NFC').toLowerCase()].map((char) => CYRILLIC[char] ?? char).join('');
  return latin
    .normalize('NFD')
    .replace(/\p{M}/gu, '') // Latin letters with marks (ş, ü, ñ) code as the plain letter
    .replace(/[ʻʼ‘’'`]/g, '') // Uzbek o‘ and g‘, and the tutuq belgisi
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((word) => word.replace(/^ye/, 'e').replace(/([aeiou])h$/, '$1'));
}

/** Uzbek x is kh; elsewhere x is ks: both spellings of a word with x. */
function spellingsOf(word: string): string[] {
  return word.includes('x') ? [word, word.replaceAll('x', 'kh')] : [word];
}

function codesOf(word: string): string[] {
  let branches = [{ code: '', last: '' }];
  for (let i = 0; i < word.length;) {
    const rule = RULES.get(word[i]!)?.find((candidate) => word.startsWith(candidate.letters, i));
    if (!rule) {
      i++;
      continue;
    }
    const next = word[i + rule.letters.length];
    const codes = i === 0 ? rule.start : next !== undefined && VOWELS.has(next) ? rule.beforeVowel : rule.other;
    // Adjacent sounds with the same code are coded once; a vowel between them (code '') separates them.
    branches = branches.flatMap((branch) =>
      codes.map((code) => ({ code: code !== '' && code === branch.last ? branch.code : branch.code + code, last: code })),
    );
    branches = [...new Map(branches.map((branch) => [`${branch.code}/${branch.last}`, branch])).values()].slice(0, MAX_BRANCHES);
    i += rule.letters.length;
  }
  return [...new Set(branches.map((branch) => (branch.code + '0'.repeat(CODE_LENGTH)).slice(0, CODE_LENGTH)))];
}
