// Catalogue images in R2. A packshot, avatar, logo or banner that is not stored yet is generated from
// the catalogue on first request and stored, so every image is served from R2 afterwards.
import { Hono, type Context } from 'hono';
import { fail } from '../../../shared/api/envelope';
import type { AppEnv } from '../app-env';
import { logoSvg } from '../media/logo';
import { avatarSvg, bannerSvg, packshotSvg, type PackshotForm } from '../media/svg';

const SVG = 'image/svg+xml';
const FORMS = new Set<PackshotForm>(['capsule', 'softgel', 'tablet', 'gummy', 'powder', 'liquid', 'chewable']);
const TAGLINE = { en: 'The supplements you need, delivered fast', ar: 'المكملات التي تحتاجها، توصيل سريع' };

async function generate(c: Context<AppEnv>, key: string): Promise<string | null> {
  const db = c.env.DB;
  let m = /^products\/([a-z0-9-]+)\/([12])\.svg$/.exec(key);
  if (m) {
    const row = await db
      .prepare(
        `SELECT p.name_en, b.name_en AS brand, b.color,
          (SELECT a.slug FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id WHERE pa.product_id = p.id AND a.group_key = 'form' LIMIT 1) AS form
         FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.slug = ?`,
      )
      .bind(m[1])
      .first<{ name_en: string; brand: string; color: string; form: string | null }>();
    if (!row) return null;
    const form = FORMS.has(row.form as PackshotForm) ? (row.form as PackshotForm) : 'capsule';
    return packshotSvg({ brand: row.brand, name: row.name_en, form, color: row.color, variant: m[2] === '2' ? 2 : 1 });
  }
  m = /^brands\/([a-z0-9-]+)\.svg$/.exec(key);
  if (m) {
    const row = await db.prepare('SELECT name_en, color FROM brands WHERE slug = ?').bind(m[1]).first<{ name_en: string; color: string }>();
    return row ? logoSvg({ name: row.name_en, color: row.color }) : null;
  }
  m = /^nutritionists\/([a-z0-9-]+)\.svg$/.exec(key);
  if (m) {
    const row = await db.prepare('SELECT name_en FROM nutritionists WHERE slug = ?').bind(m[1]).first<{ name_en: string }>();
    return row ? avatarSvg({ name: row.name_en, color: '#0d6b5e' }) : null;
  }
  m = /^banners\/(\d+)(-ar)?\.svg$/.exec(key);
  if (m) {
    const row = await db.prepare("SELECT payload FROM home_sections WHERE type = 'banner' AND is_active = 1 ORDER BY sort_order LIMIT 1").first<{ payload: string }>();
    const items = row ? ((JSON.parse(row.payload) as { items?: Array<{ image_key: string; alt_en: string; alt_ar: string }> }).items ?? []) : [];
    const item = items.find((i) => i.image_key === `banners/${m![1]}.svg`);
    if (!item) return null;
    const ar = m[2] === '-ar';
    const colors = ['#0d6b5e', '#1d4ed8', '#b45309', '#7c3aed'];
    return bannerSvg({
      title: ar ? item.alt_ar : item.alt_en,
      subtitle: ar ? TAGLINE.ar : TAGLINE.en,
      color: colors[(Number(m[1]) - 1) % colors.length]!,
      dir: ar ? 'rtl' : 'ltr',
    });
  }
  return null;
}

export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/media\//, '');
  if (!/^[a-z0-9][a-z0-9/-]{0,200}\.svg$/.test(key) || key.includes('//')) return c.json(fail('not_found', 404), 404);
  const stored = await c.env.MEDIA.get(key);
  if (stored) return new Response(stored.body, { headers: { 'content-type': stored.httpMetadata?.contentType ?? SVG } });
  const svg = await generate(c, key);
  if (!svg) return c.json(fail('not_found', 404), 404);
  await c.env.MEDIA.put(key, svg, { httpMetadata: { contentType: SVG } });
  return new Response(svg, { headers: { 'content-type': SVG } });
});
