// Home: the intro, then the sections of /homepage/v4 in their order (banners, categories, popular
// products, brands, nutritionist banner, quiz entry, collections). A signed-in shopper's own sections
// (first in the answer, issue 73) come under the shop's opening rows, its banners and categories, which
// are a screen's first view at 390 and 1280 px: then the intro is compact (its title and the delivery
// note), and the banner keeps the first picture's priority for everyone (decision 76's amendment, her
// home's first screen).
import '../styles/catalogue.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { currencyName } from '#shared/money';
import { paths } from '#shared/routes';
import { apiContext } from '../boot';
import { BrandGrid } from '../catalogue/BrandGrid';
import { ProductGrid } from '../catalogue/ProductCard';
import { T } from '../i18n/T';
import { useI18n } from '../i18n/context';
import { catalogue, type HomeSection } from '../lib/catalogue';
import { useBoot, useFreeShipping, useHref } from '../lib/locale';
import { organizationLd } from '../lib/structured-data';
import { Seo } from '../ui/Seo';
import { ColorDot } from '../ui/ColorDot';
import { MinorMoney } from '../ui/Money';
import { responsive } from '../ui/responsive-image';
import type { PageDeclaration } from '../page-table';
import { HerSlot, useHerParts } from '../app/her-parts';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, texts: ['catalogue'], siteIndex: 'shop' } satisfies PageDeclaration;

export async function loader({ context }: LoaderFunctionArgs) {
  return { sections: await catalogue.home(context.get(apiContext)) };
}

/**
 * The first banner's PNG in the page's language: what a shared link to the shop shows. Crawlers read it in
 * the server's HTML (Seo's Open Graph is the server's alone), so the browser's build leaves it out.
 */
function homeOgImage(sections: HomeSection[]): string | undefined {
  const banner = sections.find((s) => s.type === 'banner')?.data?.items?.[0] as { image?: { og?: string } } | undefined;
  return banner?.image?.og;
}

export function Component() {
  const { sections } = useLoaderData() as { sections: HomeSection[] };
  const { t, lang } = useI18n();
  const href = useHref();
  // The country's own threshold (its setting, VAT included like every shown price): the same figure
  // the cart's banner counts down to.
  const { minor: freeFrom, currency: info } = useFreeShipping();
  const currency = info.currency;
  const { origin } = useBoot();
  // Her sections are one of her places (decision 76): on her kept page they come with her parts, and
  // the page around them is the kept copy's (so the intro is the compact one from the first byte).
  const her = useHerParts();
  const mine = her ? (her.forYou ?? []) : sections.filter((s) => s.type === 'for_you');
  const hers = her !== null || mine.length > 0;
  // The shop's opening rows (its leading banners and categories: a screen's first view) come before her
  // place. Her own sections, first in her answer when the page is rendered for her, are in her place.
  let opening = 0;
  while (['banner', 'categories', 'for_you'].includes(sections[opening]?.type as string)) opening++;
  const shop = sections.map((s) => s.type !== 'for_you' && <Section key={s.id} section={s} />);
  return (
    <>
      <Seo
        title={t('brand_tagline')}
        jsonLd={import.meta.env.SSR ? organizationLd(origin, t('brand_name')) : []}
        {...(import.meta.env.SSR && { image: homeOgImage(sections) })}
      />
      {/* With her sections: a compact intro (app.css), and her recently viewed shown by the page alone. */}
      <section className="hero" data-her-sections={hers || undefined}>
        <h1 className="hero-title">{t('home_hero_title')}</h1>
        <p className="hero-body">{t('home_hero_body')}</p>
        <div className="hero-actions">
          <Link className="button" to={href('/products')}>
            {t('home_shop_now')}
          </Link>
          <Link className="button button-secondary" to={href('/quiz')}>
            {t('home_take_quiz')}
          </Link>
        </div>
        <p className="delivery-note" data-testid="delivery-note">
          <T
            k="home_delivery_note"
            values={{
              currency: <bdi>{currencyName(currency, lang)}</bdi>,
              amount: <MinorMoney minor={freeFrom} currency={currency} />,
            }}
          />
          {info.vatBasisPoints > 0 && <> {t('prices_include_vat')}</>}
        </p>
      </section>
      {shop.slice(0, opening)}
      {/* Her place: on her kept page what follows it waits for her parts (app.css), what is above shows at once. */}
      <ForYou sections={mine} />
      {shop.slice(opening)}
      <div data-more-to-see="" />
    </>
  );
}

/** Her own sections, under the shop's opening rows, in her place (which says so when they could not come). */
export function ForYou({ sections }: { sections: HomeSection[] }) {
  return (
    <HerSlot name="for-you">
      {sections.map((s) => (
        <Section key={s.id} section={s} />
      ))}
    </HerSlot>
  );
}

/**
 * One section. A banner row's first picture loads first: it is above her place, a screen's largest
 * picture, for everyone. Her cards, under it, load as the shop's other cards do.
 */
function Section({ section }: { section: HomeSection }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const heading = section.title ? <h2 className="section-title">{section.title}</h2> : null;
  switch (section.type) {
    case 'banner':
      return (
        <section className="home-section banners" aria-label={t('home_sections_label')}>
          <ul className="banner-row">
            {(
              section.data.items as Array<{
                image: { url: string; alt: string; width: number; height: number };
                link: string;
              }>
            ).map((b, i) => (
              <li key={i}>
                <Link to={href(b.link)}>
                  <img
                    {...responsive(b.image, '(max-width: 1200px) 100vw, 1200px')}
                    alt={b.image.alt}
                    width={b.image.width}
                    height={b.image.height}
                    loading={i ? 'lazy' : 'eager'}
                    fetchPriority={i ? 'auto' : 'high'}
                    decoding="async"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'categories':
      return (
        <section className="home-section">
          {heading}
          <ul className="chip-grid">
            {(section.data.items as Array<{ id: number; slug: string; name: string; color: string }>).map((c) => (
              <li key={c.id}>
                <Link className="category-chip" to={href(`/products?category=${c.id}`)}>
                  <ColorDot color={c.color} />
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'popular':
    case 'collection':
    case 'for_you': {
      // Her own sections (signed in, issue 64): no "see all"; their list counts what she picks there.
      const list = section.data.kind as string | undefined;
      return (
        <section className="home-section" data-suggestion={list}>
          <div className="section-head">
            {heading}
            {!list && (
              <Link to={href(section.type === 'popular' ? '/products?sort=popularity-desc' : '/products?sale=1')}>
                {t('see_all')}
              </Link>
            )}
          </div>
          <ProductGrid
            products={section.data.items}
            origin={{
              source: list ? 'For You' : section.type === 'popular' ? 'Popular Products' : 'Collection',
              id: list ?? section.id,
            }}
          />
        </section>
      );
    }
    case 'brands':
      return (
        <section className="home-section">
          <div className="section-head">
            {heading}
            <Link to={href('/brands-list')}>{t('see_all')}</Link>
          </div>
          <BrandGrid brands={section.data.items} />
        </section>
      );
    case 'nutritionist_banner': {
      const n = section.data.nutritionist as {
        id: number;
        slug: string;
        name: string;
        title: string;
        bio: string;
        photo: { url: string; width: number; height: number };
      };
      return (
        <section className="home-section nutritionist-banner">
          <img
            {...responsive(n.photo, '160px')}
            alt=""
            width={n.photo.width}
            height={n.photo.height}
            loading="lazy"
            decoding="async"
          />
          <div>
            <p className="eyebrow">{section.title || t('meet_nutritionist')}</p>
            <h2 className="section-title">{n.name}</h2>
            <p>{n.title}</p>
            <Link className="button" to={paths.nutritionist(lang, n.id)}>
              {t('view_profile')}
            </Link>
          </div>
        </section>
      );
    }
    case 'quiz':
      return (
        <section className="home-section quiz-banner">
          <h2 className="section-title">{section.title || t('quiz_banner_title')}</h2>
          <p>{t('quiz_banner_body')}</p>
          <Link className="button" to={href('/quiz')}>
            {t('home_take_quiz')}
          </Link>
        </section>
      );
    default:
      return null;
  }
}
