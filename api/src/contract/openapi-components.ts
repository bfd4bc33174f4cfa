// The OpenAPI document's shared schemas as named components (issue 73): the answers many routes give
// (an order, a product card, a consultation, a staff order…) were written out in full under each
// operation, 4 MB for 333 paths. The answer modules' exported zod schemas are registered by their
// names (zod-openapi's registered components: each use becomes a $ref), any other schema used twice
// becomes a component too (zod's `reused: 'ref'`) named after where it is first used, and what nobody
// references is left out. The storefront's bundles are untouched: this runs in the API only.
import { z } from '#shared/zod';
import * as addressAnswers from '#shared/api/address-responses';
import * as bloodTestOrderAnswers from '#shared/api/blood-test-order-responses';
import * as bloodTestResultAnswers from '#shared/api/blood-test-results-responses';
import * as bloodTestUploadAnswers from '#shared/api/blood-test-upload-responses';
import * as codAnswers from '#shared/api/cod-responses';
import * as driverAnswers from '#shared/api/driver-responses';
import * as quizAnswers from '#shared/api/quiz-responses';
import * as staffAuditAnswers from '#shared/api/staff-audit-responses';
import * as staffCatalogueAnswers from '#shared/api/staff-catalogue-responses';
import * as staffCustomerAnswers from '#shared/api/staff-customer-responses';
import * as staffDashboardAnswers from '#shared/api/staff-dashboard-responses';
import * as staffLabAnswers from '#shared/api/staff-lab-responses';
import * as staffOrderAnswers from '#shared/api/staff-order-responses';
import * as staffReturnAnswers from '#shared/api/staff-return-responses';
import * as staffSearchAnswers from '#shared/api/staff-search-responses';
import * as staffTeamAnswers from '#shared/api/staff-team-responses';
import * as walletAnswers from '#shared/api/wallet-responses';
import * as productAnswers from '#shared/catalogue/product-responses';
import * as catalogueSchemas from '#shared/catalogue/schemas';
import * as consultationAnswers from '#shared/consultations/answer-schemas';
import * as loyaltyAnswers from '#shared/loyalty/answer-schemas';
import * as orderAnswers from '#shared/orders/answer-schemas';
import * as reviewAnswers from '#shared/reviews/answer-schemas';
import * as subscriptionAnswers from '#shared/subscriptions/answer-schemas';
import * as listingSchemas from '../catalogue/listing-schemas';

/** Modules of answer schemas, in the order their names are claimed (the first of two same names wins). */
const MODULES: ReadonlyArray<Record<string, unknown>> = [
  orderAnswers,
  catalogueSchemas,
  productAnswers,
  listingSchemas,
  consultationAnswers,
  subscriptionAnswers,
  loyaltyAnswers,
  reviewAnswers,
  walletAnswers,
  addressAnswers,
  bloodTestOrderAnswers,
  bloodTestResultAnswers,
  bloodTestUploadAnswers,
  quizAnswers,
  staffOrderAnswers,
  staffReturnAnswers,
  staffCatalogueAnswers,
  staffCustomerAnswers,
  staffDashboardAnswers,
  staffLabAnswers,
  staffAuditAnswers,
  staffSearchAnswers,
  staffTeamAnswers,
  codAnswers,
  driverAnswers,
];

/** Kinds worth a name: structures. A named string or number reads worse as a $ref than written out. */
const STRUCTURES = new Set(['object', 'array', 'union', 'record', 'intersection', 'tuple']);

/** `orderViewSchema` → `OrderView`, `STAFF_ORDER` → `StaffOrder`. */
function componentName(exportName: string): string {
  const base = exportName.replace(/Schema$/, '');
  const words = /^[A-Z0-9_]+$/.test(base) ? base.toLowerCase().split('_') : [base];
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** The answer modules' exported structures by component name, each schema once. */
export function namedSchemas(): Record<string, z.ZodType> {
  const named: Record<string, z.ZodType> = {};
  const seen = new Set<unknown>();
  for (const module of MODULES)
    for (const [exportName, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || seen.has(value) || !STRUCTURES.has(value._zod.def.type)) continue;
      const name = componentName(exportName);
      if (name in named) continue;
      seen.add(value);
      named[name] = value;
    }
  return named;
}

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const REF = '#/components/schemas/';

/** Calls visit on every object of the tree, with its JSON pointer segments; visit may replace it. */
function walk(node: unknown, visit: (n: Json, path: string[]) => void, path: string[] = []): void {
  if (!isObject(node)) return;
  visit(node, path);
  for (const [key, value] of Object.entries(node)) walk(value, visit, [...path, key]);
}

/**
 * A `z.record(z.enum([...]), …)` is written as `propertyNames` plus `required`: its keys are required
 * but described nowhere (Redocly: no-required-schema-properties-undefined). Each required key gets
 * the values' schema as a property of its own.
 */
function describeRecordKeys(doc: Json): void {
  walk(doc, (n) => {
    const names = isObject(n.propertyNames) ? n.propertyNames.enum : undefined;
    if (!Array.isArray(n.required) || !Array.isArray(names) || n.properties) return;
    const value = isObject(n.additionalProperties) ? n.additionalProperties : {};
    n.properties = Object.fromEntries((n.required as string[]).map((key) => [key, value]));
  });
}

/** Where a component is first referenced, as a name: `GET /user/order/{id}` … `data.returns` → `GetUserOrderIdDataReturns`. */
function nameFromUse(path: string[], taken: Set<string>): string {
  const words: string[] = [];
  const at = path.indexOf('paths');
  if (at >= 0) {
    words.push(path[at + 2]!, ...path[at + 1]!.split('/'));
    const schema = path.lastIndexOf('schema');
    const kind = path.includes('requestBody') ? ['body'] : path.includes('parameters') ? ['param'] : [];
    words.push(...kind, ...path.slice(schema + 1).filter((_, i, all) => all[i - 1] === 'properties'));
  } else {
    // Inside another component: its name, then the property.
    words.push(path[2]!, ...path.slice(3).filter((_, i, all) => all[i - 1] === 'properties'));
  }
  const base =
    words
      .flatMap((w) => w.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/))
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('') || 'Schema';
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}

/** Counts the references to each schema component. */
function refCounts(doc: Json): Map<string, number> {
  const counts = new Map<string, number>();
  walk(doc, (n) => {
    if (typeof n.$ref === 'string' && n.$ref.startsWith(REF)) {
      const name = n.$ref.slice(REF.length);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  });
  return counts;
}

/** Every reference to a schema component, replaced by what `to` gives for its name. */
function replaceRefs(doc: Json, to: (name: string) => Json | null): void {
  walk(doc, (n) => {
    for (const [key, value] of Object.entries(n)) {
      const items = Array.isArray(value) ? value : [value];
      items.forEach((item, i) => {
        if (!isObject(item) || typeof item.$ref !== 'string' || !item.$ref.startsWith(REF)) return;
        const next = to(item.$ref.slice(REF.length));
        if (!next) return;
        if (Array.isArray(value)) value[i] = next;
        else n[key] = next;
      });
    }
  });
}

/** Below this size a component reads better written out than referenced (`{ "type": "string" }`). */
const INLINE_BELOW = 160;

/**
 * The document's schema components made readable and minimal: small ones written back where used,
 * zod's `__schemaN` named after their first use, and components nobody references dropped.
 */
export function tidyComponents(doc: Json): void {
  describeRecordKeys(doc);
  const components = (doc.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, Json>;
  // Small anonymous ones back inline (repeat until no inlined one held another).
  for (let changed = true; changed; ) {
    changed = false;
    const small = new Set(
      Object.keys(schemas).filter((k) => k.startsWith('__schema') && JSON.stringify(schemas[k]).length < INLINE_BELOW),
    );
    if (!small.size) break;
    // A small one may be only a $ref to another small one: follow it to what is written out.
    const written = (name: string): Json => {
      const schema = schemas[name]!;
      const next = typeof schema.$ref === 'string' ? schema.$ref.slice(REF.length) : '';
      return small.has(next) ? written(next) : structuredClone(schema);
    };
    replaceRefs(doc, (name) => (small.has(name) ? written(name) : null));
    for (const name of small) delete schemas[name];
    changed = true;
  }
  // Anonymous ones named where they are first used, paths first, in document order.
  const taken = new Set(Object.keys(schemas).filter((k) => !k.startsWith('__schema')));
  const renamed = new Map<string, string>();
  const order: Array<[string, string[]]> = [];
  const anonymous = (n: Json) => typeof n.$ref === 'string' && n.$ref.startsWith(`${REF}__schema`);
  walk(doc.paths, (n, path) => {
    if (anonymous(n)) order.push([(n.$ref as string).slice(REF.length), ['paths', ...path]]);
  });
  // Then those only the registered (named) components hold, named after them.
  for (const [owner, schema] of Object.entries(schemas))
    if (!owner.startsWith('__schema'))
      walk(schema, (n, path) => {
        if (anonymous(n)) order.push([(n.$ref as string).slice(REF.length), ['components', 'schemas', owner, ...path]]);
      });
  for (let i = 0; i < order.length; i++) {
    const [name, path] = order[i]!;
    if (renamed.has(name)) continue;
    renamed.set(name, nameFromUse(path, taken));
    // What this one holds is named after it: walk it now, under its new name.
    walk(schemas[name], (n, inner) => {
      if (anonymous(n))
        order.push([(n.$ref as string).slice(REF.length), ['components', 'schemas', renamed.get(name)!, ...inner]]);
    });
  }
  for (const [from, to] of renamed) {
    schemas[to] = schemas[from]!;
    delete schemas[from];
  }
  replaceRefs(doc, (name) => (renamed.has(name) ? { $ref: `${REF}${renamed.get(name)}` } : null));
  // Responses nobody references (Success, when every route describes its answer), then schemas nobody
  // references (a registered answer no route gives, or one only such a response held), until none is left.
  const responses = (components.responses ?? {}) as Json;
  const usedResponses = new Set<string>();
  walk(doc.paths, (n) => {
    if (typeof n.$ref === 'string' && n.$ref.startsWith('#/components/responses/'))
      usedResponses.add(n.$ref.split('/').pop()!);
  });
  for (const name of Object.keys(responses)) if (!usedResponses.has(name)) delete responses[name];
  for (let removed = true; removed; ) {
    removed = false;
    const used = refCounts(doc);
    for (const name of Object.keys(schemas))
      if (!used.has(name)) {
        delete schemas[name];
        removed = true;
      }
  }
  // zod-openapi names an answer's output form `…Output` beside its input form; where no request takes
  // the input form, the answer keeps its own name.
  const plain = new Map(
    Object.keys(schemas)
      .filter((k) => k.endsWith('Output') && !(k.slice(0, -'Output'.length) in schemas))
      .map((k) => [k, k.slice(0, -'Output'.length)]),
  );
  for (const [from, to] of plain) {
    schemas[to] = schemas[from]!;
    delete schemas[from];
  }
  replaceRefs(doc, (name) => (plain.has(name) ? { $ref: `${REF}${plain.get(name)}` } : null));
}
