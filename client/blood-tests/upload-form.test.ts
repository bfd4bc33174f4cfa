import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION, UPLOAD_MAX_BYTES } from '#shared/api/blood-test-upload-facts';
import { firstProblems } from '#shared/api/forms';
import { CONSENT_GIVEN, refusedBeforeUpload, todayIn, UPLOAD_FORM_INITIAL, loadUploadFormSchema } from './upload-form';

const FILE = 'a'.repeat(32);

let uploadFormSchema: Awaited<ReturnType<typeof loadUploadFormSchema>>;
beforeAll(async () => {
  uploadFormSchema = await loadUploadFormSchema();
});

describe('the upload form read through the shared schema', () => {
  it('sends the API its input: a date typed in Arabic digits, the consent and its version', () => {
    const parsed = uploadFormSchema.parse({
      ...UPLOAD_FORM_INITIAL,
      lab_name: ' مختبر البرج ',
      sample_date: '٢٠٢٦-٠٢-٠١',
      file_ids: [FILE],
      consent: [CONSENT_GIVEN],
    });
    expect(parsed).toEqual({
      lab_name: 'مختبر البرج',
      sample_date: '2026-02-01',
      notes: '',
      file_ids: [FILE],
      consent: true,
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    });
  });

  it('names each missing part with its field and message key', () => {
    const result = uploadFormSchema.safeParse(UPLOAD_FORM_INITIAL);
    expect(result.success).toBe(false);
    expect(firstProblems(result.error!.issues)).toEqual({
      lab_name: 'mandatory-field',
      sample_date: 'mandatory-field',
      file_ids: 'upload_files_required',
      consent: 'consent_required',
    });
    for (const sample_date of ['2026-02-30', '01/02/2026', '2999-01-01']) {
      const wrong = uploadFormSchema.safeParse({ ...UPLOAD_FORM_INITIAL, sample_date });
      expect(firstProblems(wrong.error!.issues).sample_date).toBe('item_validation_error');
    }
  });

  it('refuses too big a file and an eleventh one before sending them', () => {
    expect(refusedBeforeUpload({ size: UPLOAD_MAX_BYTES + 1 }, 0)).toBe('upload_too_large');
    expect(refusedBeforeUpload({ size: 10 }, 10)).toBe('upload_too_many_files');
    expect(refusedBeforeUpload({ size: UPLOAD_MAX_BYTES }, 9)).toBeNull();
  });

  it('knows today in the shop’s time zone', () => {
    expect(todayIn('Asia/Kuwait', Date.parse('2026-03-01T22:30:00Z'))).toBe('2026-03-02');
  });
});
