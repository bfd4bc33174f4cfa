// A country added by configuration alone (issue 77, decision 77's amendment "a fourth country as a
// fixture"): a Vite plugin that makes every import of the registry, of each aspect table and of the phone
// metadata (whatever its specifier: `#shared/countries`, `../countries/rules`, `./index`) load a stand-in
// from the fixture's swap/ folder instead. Each stand-in imports the real module (its own imports are left
// alone), adds the fixture country's line to the real module's objects and re-exports it, so product code
// runs unchanged on a registry with one more country. Its texts join each dictionary file that holds
// their family (tests/support/country-texts.ts), as a newcomer adds them. A module that does not ask the
// registry is not reached, which is the point: the Qatar test fails there.
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
};

/** A dictionary file (`shared/i18n/<area>.<lang>.ts`), its language in the name. */
const DICTIONARY = /\/shared\/i18n\/[\w-]+\.(en|ar)\.ts$/;

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
    // Each dictionary file adds the fixture's texts of a family it holds, once it has made its object.
    transform(code, id) {
      const lang = DICTIONARY.exec(id.split('?')[0]!)?.[1];
      const name = lang && /^export const (\w+)/m.exec(code)?.[1];
      if (!name) return null;
      return `${code}
import { addBesideItsFamily as __addBesideItsFamily } from ${JSON.stringify(`${root}tests/support/country-texts.ts`)};
import { ${lang} as __fixtureTexts } from ${JSON.stringify(`${folder}texts.ts`)};
__addBesideItsFamily(${name}, __fixtureTexts);
`;
    },
  };
}
