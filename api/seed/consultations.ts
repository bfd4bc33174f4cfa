// Consultation rows of the seeded nutritionists (issue 46): services with their prices per country,
// a package of four follow-ups each, and weekly hours in Gulf time. Ids are fixed: service 3·(n − 1) + k
// (k = 1 first call, 2 full, 3 follow-up), package n. The back-office account that practises as the
// first nutritionist is made by scripts/seed-staff.mjs (its password needs the local secrets).
import { CONSULTATION_PROFILES, SERVICE_DEFS } from './data/consultations';
import { NUTRITIONISTS } from './data/shop-content';
import { insertStatements, row } from './sql-writer';

const serviceId = (nutritionist: number, index: number) => (nutritionist - 1) * 3 + index + 1;

export function* consultationStatements(): Generator<string> {
  if (CONSULTATION_PROFILES.length !== NUTRITIONISTS.length)
    throw new Error('every seeded nutritionist needs a consultation profile');
  const profiles = CONSULTATION_PROFILES.map((p, i) => ({ ...p, n: i + 1 }));
  yield* insertStatements(
    'consultation_services',
    [
      'id',
      'nutritionist_id',
      'kind',
      'minutes',
      'name_en',
      'name_ar',
      'description_en',
      'description_ar',
      'sort_order',
    ],
    profiles.flatMap((p) =>
      SERVICE_DEFS.map((s, k) =>
        row([
          serviceId(p.n, k),
          p.n,
          s.kind,
          s.minutes,
          s.name.en,
          s.name.ar,
          s.description.en,
          s.description.ar,
          k + 1,
        ]),
      ),
    ),
  );
  yield* insertStatements(
    'consultation_service_prices',
    ['service_id', 'country', 'price'],
    profiles.flatMap((p) =>
      SERVICE_DEFS.flatMap((s, k) =>
        (['KW', 'SA'] as const).flatMap((country) => {
          const price = p.prices[s.kind][country];
          return price === null ? [] : [row([serviceId(p.n, k), country, price])];
        }),
      ),
    ),
  );
  yield* insertStatements(
    'consultation_packages',
    ['id', 'service_id', 'sessions', 'name_en', 'name_ar'],
    profiles.map((p) => row([p.n, serviceId(p.n, 2), 4, '4 follow-ups', '4 جلسات متابعة'])),
  );
  yield* insertStatements(
    'consultation_package_prices',
    ['package_id', 'country', 'price'],
    profiles.flatMap((p) => [row([p.n, 'KW', p.package.KW]), row([p.n, 'SA', p.package.SA])]),
  );
  let id = 0;
  yield* insertStatements(
    'nutritionist_availability',
    ['id', 'nutritionist_id', 'service_id', 'weekday', 'start_minute', 'end_minute'],
    profiles.flatMap((p) => p.hours.map(([weekday, start, end]) => row([++id, p.n, null, weekday, start, end]))),
  );
}
