// /how-it-works: how shopping works, and delivery for the shopper's country (/info/instructions).
import { COUNTRY_CODES } from '#shared/locale';
import { mapCountries } from '#shared/countries/map';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type { ApiClient } from '#shared/api/client';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, group: 'help', siteIndex: 'help' } satisfies PageDeclaration;

interface Instructions {
  title: string;
  paragraphs: string[];
}

const read = (api: ApiClient, a: string, b: string) =>
  api.get<Instructions>(`/info/instructions/${a}/${b}`, { cache: true }).then((r) => r.data);

export async function loader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const [shop, returns, ...delivery] = await Promise.all([
    read(api, 'how-it-works', 'shop'),
    read(api, 'returns', 'general'),
    ...COUNTRY_CODES.map((c) => read(api, 'delivery', c)),
  ]);
  // Each country's delivery instructions, read together; the page shows the shopper's.
  return { shop, delivery: mapCountries((c) => delivery[COUNTRY_CODES.indexOf(c)]!), returns };
}

export function Component() {
  const data = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const { t } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  return (
    <Page title={t('page_how_it_works')}>
      {/* Ids from fixed names: a title has spaces, and aria-labelledby takes a list of ids split at spaces. */}
      {(
        [
          ['shop', data.shop],
          ['delivery', data.delivery[country]],
          ['returns', data.returns],
        ] as const
      ).map(([name, section]) => (
        <section key={name} className="static-section" aria-labelledby={`how-${name}`}>
          <h2 id={`how-${name}`}>{section.title}</h2>
          {section.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
    </Page>
  );
}
