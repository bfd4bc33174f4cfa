// The rules every text a shopper writes (a review, a question, an answer) passes before it is shown,
// in both languages. A text that breaks one is held for a person, whatever the shop's moderation
// setting; a text that names a disease as cured is always held: a shop may not let a review make a
// medical claim for a supplement (Saudi FDA and Kuwait MOH advertising rules, like the FTC's).
// Words are compared after the search normalisation (alef forms, ة → ه, the article dropped), so
// "السكّري" and "سكري" are one word here as they are in search.
import { normalizeSearchText } from '../search/normalize';

export type TextFlag = 'profanity' | 'link' | 'health_claim';

const words = (list: readonly string[]) => new Set(list.map((w) => normalizeSearchText(w)));

// Insults and obscenities, whole words only (so "class" or "Scunthorpe" pass). Kept short on purpose:
// a person sees what the list misses, through the report button.
const PROFANITY = words([
  'fuck',
  'fucking',
  'fucked',
  'shit',
  'bullshit',
  'bitch',
  'bastard',
  'asshole',
  'dick',
  'cunt',
  'whore',
  'slut',
  'motherfucker',
  'wtf',
  'stfu',
  'كلب',
  'حمار',
  'حقير',
  'زباله',
  'تافه',
  'غبي',
  'منيوك',
  'شرموط',
  'شرموطه',
  'قحبه',
  'كس',
  'زب',
  'خول',
  'لعنه',
  'يلعن',
  'وسخ',
  'نصاب',
  'نصابين',
  'حرامي',
  'حراميه',
]);

// Web addresses, bare domains, e-mail addresses and handles: a review is not an advertisement.
const LINK =
  /(?:https?:\/\/|www\.|\b[\p{L}\p{N}-]+\.(?:com|net|org|info|biz|io|co|me|shop|store|sa|kw|ae|xyz|ly|link)\b|[\w.+-]+@[\w-]+\.[\w.]+|(?:^|\s)@[A-Za-z0-9_]{3,})/iu;

// "cured", "treats", "got rid of" … and "شفاني", "عالج", "تخلصت من" …, as normalised words.
const CURE_WORDS = words([
  'cure',
  'cured',
  'cures',
  'curing',
  'heal',
  'healed',
  'heals',
  'treat',
  'treated',
  'treats',
  'treatment',
  'reversed',
  'reverses',
  'eliminated',
  'eliminates',
  'fixed',
  'beat',
  'شفاء',
  'شفا',
  'شفاني',
  'شفيت',
  'يشفي',
  'تشفي',
  'عالج',
  'عالجني',
  'يعالج',
  'تعالج',
  'علاج',
  'عالجت',
  'تخلصت',
  'قضى',
  'يقضي',
  'اختفى',
  'اختفت',
]);
// Two-word forms that one word cannot tell: "got rid of", "no longer have".
const CURE_PHRASES = ['got rid of', 'no longer have', 'no more', 'get rid of', 'free of', 'لم اعد', 'ما عاد'].map(
  normalizeSearchText,
);

// Diseases a supplement may not claim to cure. One or two normalised words each.
const DISEASES = [
  'diabetes',
  'diabetic',
  'cancer',
  'tumor',
  'tumour',
  'covid',
  'coronavirus',
  'hypertension',
  'high blood pressure',
  'arthritis',
  'depression',
  'alzheimer',
  'alzheimers',
  'dementia',
  'asthma',
  'thyroid',
  'hypothyroidism',
  'psoriasis',
  'eczema',
  'autism',
  'infertility',
  'anemia',
  'anaemia',
  'kidney disease',
  'heart disease',
  'cholesterol',
  'hepatitis',
  'epilepsy',
  'migraine',
  'migraines',
  'osteoporosis',
  'insomnia',
  'السكري',
  'السكر',
  'سرطان',
  'السرطان',
  'ورم',
  'كورونا',
  'ضغط الدم',
  'الضغط',
  'التهاب المفاصل',
  'الروماتيزم',
  'الاكتئاب',
  'الزهايمر',
  'الخرف',
  'الربو',
  'الغده الدرقيه',
  'الغده',
  'الصدفيه',
  'الاكزيما',
  'التوحد',
  'العقم',
  'فقر الدم',
  'الانيميا',
  'الكوليسترول',
  'الكبد',
  'الصرع',
  'الشقيقه',
  'هشاشه العظام',
  'الارق',
].map((d) => normalizeSearchText(d).split(' '));

/** How near (in words) a cure word and a disease must be to read as one claim. */
const CLAIM_WINDOW = 6;

function wordsOf(text: string): string[] {
  const normal = normalizeSearchText(text);
  return normal ? normal.split(' ') : [];
}

function diseaseAt(tokens: string[], at: number): boolean {
  return DISEASES.some((d) => d.every((w, i) => tokens[at + i] === w));
}

/** Whether the text names a disease as cured, treated or gone, in either language. */
export function namesCure(text: string): boolean {
  const tokens = wordsOf(text);
  const cures: number[] = [];
  tokens.forEach((w, i) => {
    if (CURE_WORDS.has(w)) cures.push(i);
  });
  const joined = ` ${tokens.join(' ')} `;
  for (const phrase of CURE_PHRASES) {
    let from = joined.indexOf(` ${phrase} `);
    while (from !== -1) {
      cures.push(joined.slice(0, from).split(' ').length - 1);
      from = joined.indexOf(` ${phrase} `, from + 1);
    }
  }
  if (!cures.length) return false;
  for (let i = 0; i < tokens.length; i++) {
    if (!diseaseAt(tokens, i)) continue;
    if (cures.some((c) => Math.abs(c - i) <= CLAIM_WINDOW)) return true;
  }
  return false;
}

/** The rules a text breaks, none when it may be shown. */
export function textFlags(...texts: string[]): TextFlag[] {
  const flags = new Set<TextFlag>();
  for (const text of texts) {
    if (!text) continue;
    if (wordsOf(text).some((w) => PROFANITY.has(w))) flags.add('profanity');
    if (LINK.test(text)) flags.add('link');
    if (namesCure(text)) flags.add('health_claim');
  }
  return [...flags];
}
