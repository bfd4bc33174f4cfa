// Product texts (ingredients, description, use, warnings, tags) from a product's plan.
import type { Bi } from './data/categories';
import { FORMS, TAGS } from './data/product-options';
import { GENERAL_WARNING, KIDS_WARNING, DOSE_NOTE, KIDS_PREFIX } from './data/shop-content';
import type { ProductPlan } from './plan';

/** An active-ingredient line with the product's strength in place of "{s}". */
function fill(template: string, strength: string): string {
  if (template.includes('{s}') && !strength) throw new Error(`no strength for "${template}"`);
  return template.replace('{s}', strength);
}

function otherIngredients(p: ProductPlan): Bi {
  const flavoured = p.flavour !== null && p.flavour !== 'unflavoured';
  switch (p.form) {
    case 'softgel':
      return p.type.vegan
        ? {
            en: 'plant-based softgel (modified starch, carrageenan, glycerin)',
            ar: 'كبسولة جيلاتينية نباتية (نشا معدّل، كاراجينان، جلسرين)',
          }
        : {
            en: 'softgel (halal bovine gelatin, glycerin, purified water)',
            ar: 'كبسولة جيلاتينية (جيلاتين بقري حلال، جلسرين، ماء منقّى)',
          };
    case 'capsule':
      return { en: 'vegetable cellulose capsule, rice flour', ar: 'كبسولة من السليلوز النباتي، دقيق الأرز' };
    case 'tablet':
      return {
        en: 'microcrystalline cellulose, stearic acid, silicon dioxide',
        ar: 'سليلوز دقيق التبلور، حمض الستياريك، ثاني أكسيد السيليكون',
      };
    case 'gummy':
      return {
        en: 'glucose syrup, cane sugar, pectin, citric acid, natural flavours, colours from fruit and vegetables',
        ar: 'شراب الجلوكوز، سكر القصب، بكتين، حمض الستريك، نكهات طبيعية، ألوان من الفواكه والخضروات',
      };
    case 'chewable':
      return {
        en: 'xylitol, sorbitol, natural flavours, stearic acid',
        ar: 'زيليتول، سوربيتول، نكهات طبيعية، حمض الستياريك',
      };
    case 'powder':
      return flavoured
        ? {
            en: 'natural flavours, sunflower lecithin, stevia leaf extract',
            ar: 'نكهات طبيعية، ليسيثين دوار الشمس، خلاصة أوراق الستيفيا',
          }
        : { en: '', ar: '' };
    case 'liquid':
      if (p.type.oil) {
        return flavoured
          ? {
              en: 'natural flavour oil, mixed tocopherols (for freshness)',
              ar: 'زيت نكهة طبيعي، توكوفيرولات مختلطة (للحفاظ على الطزاجة)',
            }
          : { en: 'mixed tocopherols (for freshness)', ar: 'توكوفيرولات مختلطة (للحفاظ على الطزاجة)' };
      }
      return {
        en: 'purified water, vegetable glycerin, natural flavours, potassium sorbate',
        ar: 'ماء منقّى، جلسرين نباتي، نكهات طبيعية، سوربات البوتاسيوم',
      };
  }
}

export function ingredients(p: ProductPlan): Bi {
  const other = otherIngredients(p);
  const active = { en: fill(p.type.active.en, p.variant.en), ar: fill(p.type.active.ar, p.variant.ar) };
  return {
    en: `${active.en}. ${other.en ? `Other ingredients: ${other.en}.` : 'No other ingredients.'}`,
    ar: `${active.ar}. ${other.ar ? `مكونات أخرى: ${other.ar}.` : 'لا يحتوي على مكونات أخرى.'}`,
  };
}

export function description(p: ProductPlan): Bi {
  return {
    en: `${p.type.description.en} Made by ${p.brand.en} in a GMP-certified facility.`,
    ar: `${p.type.description.ar} من إنتاج ${p.brand.ar} في منشأة حاصلة على شهادة ممارسات التصنيع الجيد (GMP).`,
  };
}

export function suggestedUse(p: ProductPlan): Bi {
  const form = FORMS[p.form];
  const timing = p.type.timing ?? form.defaultTiming;
  // The label's dose: what the pack's supply (and so a subscription's period) is reckoned from.
  const use = p.type.dailyUnits === 2 && form.use2 ? form.use2 : form.use;
  const en = `${use.en} ${timing.en}.`;
  const ar = `${use.ar} ${timing.ar}.`;
  if (p.type.kids) {
    return {
      en: `${KIDS_PREFIX.en}${en.charAt(0).toLowerCase()}${en.slice(1)} ${DOSE_NOTE.en}`,
      ar: `${KIDS_PREFIX.ar}${ar} ${DOSE_NOTE.ar}`,
    };
  }
  return { en: `${en} ${DOSE_NOTE.en}`, ar: `${ar} ${DOSE_NOTE.ar}` };
}

export function warnings(p: ProductPlan): Bi {
  const general = p.type.kids ? KIDS_WARNING : GENERAL_WARNING;
  const extra = p.type.warning;
  return extra ? { en: `${extra.en} ${general.en}`, ar: `${extra.ar} ${general.ar}` } : general;
}

export function tags(p: ProductPlan): Bi {
  return { en: JSON.stringify(p.type.tags), ar: JSON.stringify(p.type.tags.map((t) => TAGS[t])) };
}
