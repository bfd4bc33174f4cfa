// "Erase my health data" without closing the account (issue 44, finding 4; decision 49). Each kind of
// health data the shop keeps is one entry: how many she has (the account page lists the counts before
// she confirms), and the statements that erase it; a consultation's health text (intake, chat, notes,
// summary, recommendations) is one entry, 'consultations'.
// What stays: her bookings (a visit to come still happens; past ones keep their commercial row and the
// tests booked), the people she books for, and her account. Uploaded files' objects go after the batch;
// an archive of her data on offer goes too (it holds what she just erased).
import type { HealthDataCounts, HealthDataKind } from '#shared/api/data-rights-schemas';
import { deleteObjects, userUploadKeys } from '../uploads/store';
import { CONSULTATION_HEALTH_COUNT, consultationHealthStatements } from './consultations';

interface HealthKind {
  /** Her rows of this kind: SQL with ?1 = her id, answering one column `n`. */
  count: string;
  erase: (db: D1Database, userId: number, now: number) => D1PreparedStatement[];
}

const ORDERS = 'SELECT id FROM blood_test_orders WHERE user_id = ?1';

const HEALTH_KINDS: Record<HealthDataKind, HealthKind> = {
  // The values the lab entered on her bookings (each biomarker of each result).
  lab_results: {
    count: `SELECT count(*) AS n FROM blood_test_results WHERE order_id IN (${ORDERS})`,
    erase: (db, userId) => [db.prepare(`DELETE FROM blood_test_results WHERE order_id IN (${ORDERS})`).bind(userId)],
  },
  // Values read from her own reports: before the reports they belong to (a foreign key).
  uploaded_values: {
    count:
      'SELECT count(*) AS n FROM blood_test_upload_values WHERE upload_id IN (SELECT id FROM blood_test_uploads WHERE user_id = ?1)',
    erase: (db, userId) => [
      db
        .prepare(
          'DELETE FROM blood_test_upload_values WHERE upload_id IN (SELECT id FROM blood_test_uploads WHERE user_id = ?1)',
        )
        .bind(userId),
    ],
  },
  // Her uploaded reports and their files; the consent she gave stays as proof, without her.
  uploaded_reports: {
    count: 'SELECT count(*) AS n FROM blood_test_uploads WHERE user_id = ?1',
    erase: (db, userId, now) => [
      db
        .prepare(
          `INSERT INTO consent_records (purpose, consent_version, consent_at, erased_at)
           SELECT 'blood_test_upload', consent_version, consent_at, ?2 FROM blood_test_uploads WHERE user_id = ?1`,
        )
        .bind(userId, now),
      db
        .prepare(
          'DELETE FROM blood_test_upload_values WHERE upload_id IN (SELECT id FROM blood_test_uploads WHERE user_id = ?1)',
        )
        .bind(userId),
      db.prepare('DELETE FROM blood_test_upload_files WHERE user_id = ?1').bind(userId),
      db.prepare('DELETE FROM blood_test_uploads WHERE user_id = ?1').bind(userId),
    ],
  },
  quiz_answers: {
    count: 'SELECT count(*) AS n FROM quiz_results WHERE user_id = ?1',
    erase: (db, userId) => [db.prepare('DELETE FROM quiz_results WHERE user_id = ?1').bind(userId)],
  },
  // Her sex and birth date for reading results against reference ranges.
  reading_profile: {
    count: 'SELECT count(*) AS n FROM blood_test_profiles WHERE user_id = ?1',
    erase: (db, userId) => [db.prepare('DELETE FROM blood_test_profiles WHERE user_id = ?1').bind(userId)],
  },
  // Her consultations' health text (decision 55): intake, chat, notes and summary, recommendations, and
  // their data keys. The bookings stay (one still to come still happens, without the intake).
  consultations: {
    count: CONSULTATION_HEALTH_COUNT,
    erase: (db, userId, now) => consultationHealthStatements(db, userId, now),
  },
};

const KINDS = Object.keys(HEALTH_KINDS) as HealthDataKind[];

export async function healthDataCounts(db: D1Database, userId: number): Promise<HealthDataCounts> {
  const results = await db.batch(KINDS.map((k) => db.prepare(HEALTH_KINDS[k].count).bind(userId)));
  return Object.fromEntries(KINDS.map((k, i) => [k, (results[i]!.results[0] as { n: number }).n])) as HealthDataCounts;
}

/** Erases every kind at once (one batch), then the uploaded files' and any archive's objects. */
export async function eraseHealthData(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS'>,
  userId: number,
  now = Date.now(),
): Promise<HealthDataCounts> {
  const db = env.DB;
  const counts = await healthDataCounts(db, userId);
  const [keys, archives] = await Promise.all([
    userUploadKeys(db, userId),
    db
      .prepare("SELECT r2_key FROM data_requests WHERE user_id = ? AND kind = 'export' AND r2_key IS NOT NULL")
      .bind(userId)
      .all<{ r2_key: string }>(),
  ]);
  // Values before the reports they belong to, whatever order the kinds are listed in.
  const order: HealthDataKind[] = ['uploaded_values', ...KINDS.filter((k) => k !== 'uploaded_values')];
  await db.batch([
    ...order.flatMap((k) => HEALTH_KINDS[k].erase(db, userId, now)),
    // An archive on offer holds what was just erased: it goes, and she may ask for a new one.
    db
      .prepare(
        "UPDATE data_requests SET status = 'expired', r2_key = NULL, wrapped_key = NULL, iv = NULL WHERE user_id = ? AND kind = 'export' AND status = 'ready'",
      )
      .bind(userId),
  ]);
  await deleteObjects(env.UPLOADS, [...keys, ...archives.results.map((r) => r.r2_key)]);
  return counts;
}
