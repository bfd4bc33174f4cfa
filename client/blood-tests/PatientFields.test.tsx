// A family member's fields name the national id of the country the sample is collected in, in the
// field's own messages too (decision 77: the label was Kuwait's Civil ID in every country).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import { COUNTRY_CODES } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { PatientFields } from './PatientFields';

provideDictionary('en', en);

const draft = { name: 'Huda', sex: 'female', date_of_birth: '1990-01-01', relation: 'self', national_id: '' } as const;

describe('PatientFields', () => {
  it.each(COUNTRY_CODES)('names the national id of %s in its missing-value message', (country) => {
    const html = renderToStaticMarkup(
      <I18nProvider lang="en">
        <PatientFields
          value={draft}
          country={country}
          errors={{ national_id: 'mandatory-field' }}
          showErrors
          onChange={() => undefined}
        />
      </I18nProvider>,
    );
    const own = en[`bt_id_${country}`];
    const others = COUNTRY_CODES.filter((c) => c !== country).map((c) => en[`bt_id_${c}`]);
    const error = html.match(/<[^>]*class="[^"]*field-error[^"]*"[^>]*>([^<]*)</)?.[1] ?? html;
    expect(error).toContain(own);
    for (const other of others) expect(error).not.toContain(other);
  });
});
