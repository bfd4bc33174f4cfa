// The people a shopper books blood tests for (themselves, family), saved for the next booking. Their
// national ids are health-adjacent data: read only by their owner, answered masked, never logged.
import type { CountryCode } from '#shared/locale';
import type { PatientInput } from '#shared/api/blood-test-order-schemas';
import { maskNationalId } from '#shared/blood-tests/national-id';
import type { BloodTestPatient } from '#shared/blood-tests/order-types';
import { ApiError } from '../lib/errors';

export interface PatientRow {
  id: number;
  user_id: number;
  name: string;
  sex: 'female' | 'male';
  date_of_birth: string;
  relation: BloodTestPatient['relation'];
  country: CountryCode;
  national_id: string;
  created_at: number;
  deleted_at: number | null;
}

export function toPatient(row: Omit<PatientRow, 'user_id' | 'created_at' | 'deleted_at'>): BloodTestPatient {
  return {
    id: row.id,
    name: row.name,
    sex: row.sex,
    date_of_birth: row.date_of_birth,
    relation: row.relation,
    country: row.country,
    national_id_masked: maskNationalId(row.national_id),
  };
}

const COLUMNS = 'id, name, sex, date_of_birth, relation, country, national_id';

export async function listPatients(db: D1Database, userId: number): Promise<BloodTestPatient[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM blood_test_patients WHERE user_id = ? AND deleted_at IS NULL ORDER BY id`)
    .bind(userId)
    .all<PatientRow>();
  return results.map(toPatient);
}

/** The shopper's own patient; another shopper's answers exactly like one that does not exist. */
export async function ownedPatient(db: D1Database, userId: number, id: number): Promise<PatientRow> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM blood_test_patients WHERE id = ? AND user_id = ? AND deleted_at IS NULL`)
    .bind(id, userId)
    .first<PatientRow>();
  if (!row) throw new ApiError(404, 'patient_not_found');
  return row;
}

/** Saves a patient; the same person (same national id) saved again is the existing row. */
export async function savePatient(db: D1Database, userId: number, p: PatientInput): Promise<PatientRow> {
  const existing = await db
    .prepare(
      `SELECT ${COLUMNS} FROM blood_test_patients WHERE user_id = ? AND country = ? AND national_id = ? AND deleted_at IS NULL`,
    )
    .bind(userId, p.country, p.national_id)
    .first<PatientRow>();
  if (existing) return existing;
  const row = await db
    .prepare(
      `INSERT INTO blood_test_patients (user_id, name, sex, date_of_birth, relation, country, national_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    )
    .bind(userId, p.name, p.sex, p.date_of_birth, p.relation, p.country, p.national_id, Date.now())
    .first<PatientRow>();
  return row!;
}

export async function removePatient(db: D1Database, userId: number, id: number): Promise<void> {
  const r = await db
    .prepare('UPDATE blood_test_patients SET deleted_at = ? WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
    .bind(Date.now(), id, userId)
    .run();
  if (!r.meta.changes) throw new ApiError(404, 'patient_not_found');
}

/** Whole years of age on a date (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
