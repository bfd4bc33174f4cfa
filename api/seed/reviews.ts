// Demo reviews and questions for the seeded shop (decision 44): some shoppers (accounts nobody can sign
// in to) who reviewed the most popular products in English and Arabic, and a few questions the shop
// answered, so the product pages, cards and the rating sort show what a living shop shows. Approved
// as a person would; each product's ratings counted as the API counts them.
import { RATING_PRIOR } from '../../shared/reviews/rules';
import { rngFor } from './random';

const REVIEWERS: Array<[string, 'en' | 'ar']> = [
  ['Fatima Al-Sabah', 'ar'],
  ['Ahmed Al-Qahtani', 'ar'],
  ['Noura Al-Otaibi', 'ar'],
  ['Yousef Al-Mutairi', 'ar'],
  ['Sara Al-Harbi', 'ar'],
  ['Khalid Al-Enezi', 'ar'],
  ['Maryam Hussain', 'en'],
  ['Omar Farouk', 'en'],
  ['Layla Haddad', 'en'],
  ['Rashid Khan', 'en'],
  ['Hessa Al-Fahad', 'en'],
  ['Abdullah Al-Dosari', 'en'],
];

const TEXTS: Record<'en' | 'ar', Array<[number, string, string]>> = {
  en: [
    [
      5,
      'Part of my routine now',
      'I have taken it every morning for two months. Easy to swallow, no aftertaste, and the bottle lasts longer than I expected.',
    ],
    [
      5,
      'Arrived fast',
      'Delivered to Salmiya the next day, well packed and with a long expiry date. I will order again.',
    ],
    [
      4,
      'Good quality',
      'Does what it says and the capsules are a sensible size. One star off because the price went up since my last order.',
    ],
    [
      4,
      'Happy with it',
      'I feel more energetic in the afternoons since I started. The label is clear about the dose, which I like.',
    ],
    [3, 'Okay', 'Nothing wrong with it, but I did not notice much difference yet. I will finish the bottle and see.'],
    [
      5,
      'My pharmacist recommended it',
      'Same brand my pharmacist suggested, at a better price here. Genuine product with the batch number on the seal.',
    ],
    [2, 'Too big for me', 'The tablets are large and I find them hard to swallow. I switched to the gummies instead.'],
    [5, 'Great value', 'Compared with the mall this is much cheaper, and the subscription reminder is handy.'],
  ],
  ar: [
    [5, 'ممتاز', 'أستخدمه منذ شهرين كل صباح. سهل البلع وبدون طعم، والعبوة تكفي مدة أطول مما توقعت.'],
    [5, 'توصيل سريع', 'وصلني في اليوم التالي إلى الرياض، التغليف ممتاز وتاريخ الانتهاء بعيد. سأطلب مرة أخرى.'],
    [4, 'جودة جيدة', 'المنتج كما هو موصوف وحجم الكبسولة مناسب. نجمة أقل لأن السعر ارتفع عن آخر طلب.'],
    [4, 'راضية عنه', 'أشعر بنشاط أكثر بعد الظهر منذ أن بدأت. الجرعة واضحة على الملصق وهذا شيء جميل.'],
    [3, 'مقبول', 'لا عيب فيه، لكني لم ألاحظ فرقًا كبيرًا حتى الآن. سأكمل العبوة وأرى.'],
    [5, 'نصحني به الصيدلي', 'نفس الماركة التي نصحني بها الصيدلي وبسعر أفضل هنا. منتج أصلي ورقم التشغيلة على الختم.'],
    [2, 'الحبة كبيرة', 'الأقراص كبيرة وصعبة البلع بالنسبة لي. انتقلت إلى الحلوى المضغية بدلًا منها.'],
    [5, 'سعر ممتاز', 'أرخص بكثير من المجمعات التجارية، والتذكير بموعد الطلب التالي مفيد.'],
  ],
};

const QUESTIONS: Array<{ lang: 'en' | 'ar'; q: string; a: string }> = [
  {
    lang: 'en',
    q: 'Is this suitable for vegetarians?',
    a: 'Please check the diet line under Product details: it lists whether the capsule shell is gelatin or plant cellulose.',
  },
  { lang: 'ar', q: 'هل يمكن تناوله مع القهوة؟', a: 'يفضّل تناوله مع الماء وبعد الطعام، وبفاصل ساعة عن القهوة والشاي.' },
];

/** How many popular products get reviews, and the first day of the demo reviews. */
const REVIEWED = 24;
const SINCE = Date.UTC(2026, 4, 1);
const DAY = 86_400_000;

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
const nth = (k: number) =>
  `(SELECT id FROM products WHERE is_active = 1 ORDER BY popularity DESC, id LIMIT 1 OFFSET ${k})`;

export function* reviewStatements(): Generator<string> {
  for (const [i, [name, lang]] of REVIEWERS.entries()) {
    const email = `reviewer-${i + 1}@reviews.invalid`;
    yield `INSERT INTO users (name, email, password_hash, lang, created_at) VALUES (${q(name)}, ${q(email)}, 'disabled', ${q(lang)}, ${SINCE - 90 * DAY})`;
  }
  const user = (i: number) => `(SELECT id FROM users WHERE email = 'reviewer-${i + 1}@reviews.invalid')`;
  for (let k = 0; k < REVIEWED; k++) {
    const rng = rngFor(44, k);
    // Three to ten reviews a product, from different shoppers.
    const count = 3 + Math.floor(rng() * 8);
    const start = Math.floor(rng() * REVIEWERS.length);
    for (let j = 0; j < count; j++) {
      const who = (start + j) % REVIEWERS.length;
      const lang = REVIEWERS[who]![1];
      const texts = TEXTS[lang];
      // Good products mostly: the lower texts are rarer.
      const pick = rng() < 0.75 ? Math.floor(rng() * 6) % 6 : Math.floor(rng() * texts.length);
      const [rating, title, body] = texts[pick === 6 && rng() < 0.5 ? 0 : pick]!;
      const at = SINCE + Math.floor(rng() * 180) * DAY;
      const helpful = Math.floor(rng() * 12);
      yield `INSERT INTO reviews (product_id, user_id, rating, title, body, lang, verified, status, held_for, helpful_count, created_at, updated_at, decided_at)
        VALUES (${nth(k)}, ${user(who)}, ${rating}, ${q(title)}, ${q(body)}, '${lang}', 1, 'approved', '[]', ${helpful}, ${at}, ${at}, ${at})`;
    }
    if (k < 6) {
      const { lang, q: question, a } = QUESTIONS[k % QUESTIONS.length]!;
      const at = SINCE + (20 + k) * DAY;
      yield `INSERT INTO questions (product_id, user_id, body, lang, status, created_at, decided_at) VALUES (${nth(k)}, ${user(k)}, ${q(question)}, '${lang}', 'approved', ${at}, ${at})`;
      yield `INSERT INTO answers (question_id, staff_id, body, lang, status, created_at, decided_at)
        SELECT max(id), (SELECT min(id) FROM staff), ${q(a)}, '${lang}', 'approved', ${at + DAY}, ${at + DAY} FROM questions WHERE (SELECT min(id) FROM staff) IS NOT NULL`;
    }
  }
  yield ratingCountsStatement();
}

/**
 * The bench's heavily reviewed product (npm run bench, step reviews): `count` shown reviews from as many
 * shoppers on the product `slug`, in both languages, then its rating counted as a decision would.
 */
export function* manyReviewStatements(slug: string, count: number): Generator<string> {
  const product = `(SELECT id FROM products WHERE slug = ${q(slug)})`;
  for (let i = 0; i < count; i++) {
    const rng = rngFor(45, i);
    const lang = i % 3 === 0 ? 'ar' : 'en';
    const [rating, title, body] = TEXTS[lang][Math.floor(rng() * TEXTS[lang].length)]!;
    const at = SINCE + Math.floor(rng() * 180) * DAY + i;
    const email = `bench-reviewer-${i + 1}@reviews.invalid`;
    yield `INSERT OR IGNORE INTO users (name, email, password_hash, lang, created_at) VALUES ('Reviewer ${i + 1}', ${q(email)}, 'disabled', '${lang}', ${SINCE})`;
    yield `INSERT OR IGNORE INTO reviews (product_id, user_id, rating, title, body, lang, verified, status, held_for, helpful_count, created_at, updated_at, decided_at)
      VALUES (${product}, (SELECT id FROM users WHERE email = ${q(email)}), ${rating}, ${q(title)}, ${q(body)}, '${lang}', 1, 'approved', '[]', ${Math.floor(rng() * 40)}, ${at}, ${at}, ${at})`;
  }
  yield ratingCountsStatement();
}

function ratingCountsStatement(): string {
  const { mean, weight } = RATING_PRIOR;
  return `UPDATE products SET rating_count = t.n, rating_sum = t.s,
      rating_score = CASE WHEN t.n = 0 THEN 0 ELSE CAST(round((${mean * weight} + t.s) * 1000.0 / (${weight} + t.n)) AS INTEGER) END
    FROM (SELECT product_id, count(*) AS n, sum(rating) AS s FROM reviews WHERE status = 'approved' GROUP BY product_id) t
    WHERE products.id = t.product_id`;
}
