// A country added by configuration alone (issue 77, decision 77's amendment "a fourth country as a
// fixture"): a Vite plugin that makes every import of the registry, of each aspect table, of the phone
// metadata and of the dictionaries (whatever its specifier: `#shared/countries`, `../countries/rules`,
// `./index`) load a stand-in from the fixture's swap/ folder instead. Each stand-in imports the real
// module (its own imports are left alone), adds the fixture country's line to the real module's objects
// and re-exports it, so product code runs unchanged on a registry of three countries. A module that does
// not ask the registry is not reached, which is the point: the Qatar test fails there.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The modules stood in for, by their path from the repository's root. */
const SWAPPED: Record<string, string> = {
  'shared/countries/index.ts': 'index.ts',
  // The registry's codes and rows on their own (decision 77's amendment "a country's data only for that
  // country"): the stand-in exports them too, so no importer reads the lists before Qatar is in them.
  'shared/countries/codes.ts': 'index.ts',
  'shared/countries/core.ts': 'index.ts',
  'shared/countries/entities.ts': 'entities.ts',
  'shared/countries/payments.ts': 'payments.ts',
  'shared/countries/address.ts': 'address.ts',
  'shared/countries/amounts.ts': 'amounts.ts',
  'shared/countries/price-steps.ts': 'price-steps.ts',
  'shared/countries/delivery.ts': 'delivery.ts',
  'shared/countries/rules.ts': 'rules.ts',
  'shared/phone/mobile-metadata.ts': 'mobile-metadata.ts',
  'shared/i18n/en.ts': 'en.ts',
  'shared/i18n/ar.ts': 'ar.ts',
  'shared/i18n/staff-texts.ts': 'staff-texts.ts',
};

const root = fileURLToPath(new URL('../../', import.meta.url));

/** `fixture`: the country's folder under tests/fixtures/countries/ (its stand-ins in `swap/`). */
export function countryFixture(fixture: string): Plugin {
  const folder = `${root}tests/fixtures/countries/${fixture}/`;
  const swap = new Map(Object.entries(SWAPPED).map(([real, stand]) => [`${root}${real}`, `${folder}swap/${stand}`]));
  const registry = `${root}shared/countries/`;
  return {
    name: 'country-fixture',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // The fixture's own modules, and the registry's modules among themselves, see the real ones: the
      // registry's stand-in fills the tables before it lists the country (swap/index.ts).
      if (!importer || importer.startsWith(folder)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id.split('?')[0];
      if (id?.startsWith(registry) && importer.startsWith(registry)) return resolved;
      const stand = id && swap.get(id);
      return stand ?? resolved;
    },
  };
}
