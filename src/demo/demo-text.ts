/** Deterministic journal prose for generated journals: a seeded random source and entries of varied length. */

/** A seeded source of numbers in [0, 1) (mulberry32): the same seed gives the same journal. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const WORDS = {
  person: ['Ana', 'Marek', 'my sister', 'Jonas', 'Mum', 'Lea', 'the neighbours', 'Tomás', 'an old friend'],
  place: [
    'the park',
    'the office',
    'the lake',
    'the market',
    'the library',
    'the station',
    'the café on the corner',
    'the hills',
    'home',
  ],
  activity: [
    'a long run',
    'a walk',
    'coffee',
    'yoga',
    'a swim',
    'a picnic',
    'a concert',
    'a bike ride',
    'piano practice',
  ],
  feeling: [
    'calm',
    'tired',
    'happy',
    'restless',
    'grateful',
    'anxious',
    'content',
    'hopeful',
    'a bit low',
    'energetic',
  ],
  weather: [
    'rain all day',
    'bright sun',
    'a grey sky',
    'wind from the west',
    'fog in the morning',
    'a warm evening',
    'a thunderstorm',
  ],
  food: ['pasta', 'soup', 'pancakes', 'a curry', 'fresh bread', 'strawberry jam', 'dumplings', 'a salad'],
  work: [
    'the quarterly report',
    'a long meeting',
    'the new project',
    'code review',
    'planning for next week',
    'a deadline',
  ],
  thing: [
    'a book about birds',
    'the radio',
    'old photos',
    'a podcast on sleep',
    'letters from Grandpa',
    'a new notebook',
  ],
} as const;

const SENTENCES: readonly ((r: Random) => string)[] = [
  (r) => `Went to ${pick(r, WORDS.place)} for ${pick(r, WORDS.activity)}.`,
  (r) => `Met ${pick(r, WORDS.person)} at ${pick(r, WORDS.place)}; we talked for hours.`,
  (r) => `Felt ${pick(r, WORDS.feeling)} most of the day.`,
  (r) => `The weather: ${pick(r, WORDS.weather)}.`,
  (r) => `Made ${pick(r, WORDS.food)} and ate too much of it.`,
  (r) => `Spent the afternoon on ${pick(r, WORDS.work)}.`,
  (r) => `Found ${pick(r, WORDS.thing)} and could not put it down.`,
  (r) => `Slept ${5 + Math.floor(r() * 5)} hours, woke up ${pick(r, WORDS.feeling)}.`,
  (r) => `Had coffee with ${pick(r, WORDS.person)}, who is ${pick(r, WORDS.feeling)} these days.`,
  (r) => `Thinking about ${pick(r, WORDS.work)} again; I don't want it to take over the week.`,
  (r) => `Evening: ${pick(r, WORDS.activity)}, then early to bed.`,
  (r) => `Called ${pick(r, WORDS.person)}. It was good to hear their voice.`,
];

const TITLES: readonly ((r: Random) => string)[] = [
  (r) => `${capitalize(pick(r, WORDS.activity))} at ${pick(r, WORDS.place)}`,
  (r) => `Feeling ${pick(r, WORDS.feeling)}`,
  (r) => `${capitalize(pick(r, WORDS.weather))}`,
  (r) => `With ${pick(r, WORDS.person)}`,
  (r) => `Notes on ${pick(r, WORDS.work)}`,
];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sentences in an entry: mostly a few, sometimes one line, now and then a long page. */
function sentenceCount(random: Random): number {
  const roll = random();
  if (roll < 0.35) return 1 + Math.floor(random() * 2);
  if (roll < 0.75) return 3 + Math.floor(random() * 4);
  if (roll < 0.95) return 7 + Math.floor(random() * 9);
  return 16 + Math.floor(random() * 25);
}

/**
 * Hashtags for what an entry is about, from the activities its sentences name (at most two): the demo journal has
 * tags to browse, and a search for a word still finds exactly the entries that had it (the tag is the same word).
 */
const TAGS: readonly [phrase: string, tag: string][] = [
  ['a walk', 'walk'],
  ['a long run', 'run'],
  ['yoga', 'yoga'],
  ['a swim', 'swim'],
  ['a picnic', 'picnic'],
  ['a concert', 'concert'],
  ['a bike ride', 'bike'],
  ['piano practice', 'piano'],
  ['coffee', 'coffee'],
  ['old photos', 'photos'],
];

function withTags(text: string): string {
  const tags = TAGS.filter(([phrase]) => text.includes(phrase))
    .slice(0, 2)
    .map(([, tag]) => `#${tag}`);
  return tags.length === 0 ? text : `${text} ${tags.join(' ')}`;
}

/** One entry's text: an optional title line, then paragraphs of four to six sentences, and its tags. */
export function entryText(random: Random): string {
  const sentences = Array.from({ length: sentenceCount(random) }, () => pick(random, SENTENCES)(random));
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length;) {
    const size = 4 + Math.floor(random() * 3);
    paragraphs.push(sentences.slice(i, i + size).join(' '));
    i += size;
  }
  const body = paragraphs.join('\n\n');
  return withTags(random() < 0.6 ? `${pick(random, TITLES)(random)}\n${body}` : body);
}
