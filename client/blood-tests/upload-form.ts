// The upload form's values as useForm holds them (text, and lists for the files and the consent box),
// read through the one schema the API checks too (uploadSubmitSchema): the form adds nothing but the
// translation of its controls into the API's input.
import {
  BLOOD_TEST_UPLOAD_CONSENT_VERSION,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES_PER_RESULT,
} from '#shared/api/blood-test-upload-facts';

/** The consent checkbox's value while it is ticked. */
export const CONSENT_GIVEN = 'given';

export const UPLOAD_FORM_INITIAL = {
  lab_name: '',
  sample_date: '',
  notes: '',
  /** The ids of the files uploaded and still in the list. */
  file_ids: [] as string[],
  consent: [] as string[],
};
type UploadFormValues = typeof UPLOAD_FORM_INITIAL;

/** The form's schema: the API's, after the form's values are read as its input. Loaded with the form. */
export async function loadUploadFormSchema() {
  const [{ z }, { uploadSubmitSchema }] = await Promise.all([
    import('#shared/zod'),
    import('#shared/api/blood-test-upload-schemas'),
  ]);
  return z.preprocess((values) => {
    const v = values as UploadFormValues;
    return {
      ...v,
      // An empty date is a missing one ("… is required"), not an invalid one.
      sample_date: v.sample_date.trim() === '' ? undefined : v.sample_date,
      consent: v.consent.includes(CONSENT_GIVEN),
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    };
  }, uploadSubmitSchema);
}

/** What the file picker accepts: the types the API judges by content, by extension for older pickers. */
export const UPLOAD_ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,.pdf,.jpg,.jpeg,.png,.heic';

/**
 * A chosen file the shop can tell is refused before sending it: too big, or past the number a result
 * takes (counting the files already in the list). Its type is the API's to judge, by its content.
 */
export function refusedBeforeUpload(file: { size: number }, filesInList: number): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return 'upload_too_large';
  if (filesInList >= UPLOAD_MAX_FILES_PER_RESULT) return 'upload_too_many_files';
  return null;
}

/** Today in the shopper's country (the date input's max), as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
