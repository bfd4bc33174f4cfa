import { describe, expect, it } from 'vitest';
import { API_LAYERS, findCycles, findViolations, specifiersOf } from './boundaries.mjs';

const check = (file: string, source: string) => findViolations([{ file, source }]).map((v) => v.spec);

describe('import boundaries', () => {
  it('lets each area import itself and shared/', () => {
    expect(
      check('client/pages/cart.tsx', "import { x } from '../lib/locale';\nimport { m } from '../../shared/money';"),
    ).toEqual([]);
    expect(
      check(
        'api/src/routes/order.ts',
        "import type { Order } from '#shared/api/schemas';\nimport { db } from '../db';",
      ),
    ).toEqual([]);
    expect(check('worker/render/index.ts', "import { render } from '../../client/entry.server';")).toEqual([]);
  });

  it('stops client/ from importing worker/ or api/, by path or by alias', () => {
    expect(check('client/lib/a.ts', "import { s } from '../../worker/lib/session';")).toEqual([
      '../../worker/lib/session',
    ]);
    expect(check('client/lib/a.ts', "const m = await import('#api/src/db');")).toEqual(['#api/src/db']);
  });

  it('keeps shared/ to itself: no other folder, no React, no Workers runtime', () => {
    expect(check('shared/money.ts', "import { useLang } from '../client/lib/locale';")).toEqual([
      '../client/lib/locale',
    ]);
    expect(
      check('shared/x.ts', "import { useState } from 'react';\nimport { env } from 'cloudflare:workers';"),
    ).toEqual(['react', 'cloudflare:workers']);
    expect(check('shared/i18n/index.ts', "import rosetta from 'rosetta';")).toEqual([]);
  });

  it('lets api/ import only shared/', () => {
    expect(check('api/src/a.ts', "export { x } from '../../worker/lib/x';")).toEqual(['../../worker/lib/x']);
    expect(check('api/src/a.ts', "import '../../client/styles/app.css';")).toEqual(['../../client/styles/app.css']);
  });

  it('lets worker/ import the client only through its server entry', () => {
    expect(check('worker/lib/gateway.ts', "import type { BootConfig } from '../../client/boot';")).toEqual([
      '../../client/boot',
    ]);
  });

  it("keeps the request path one way: the session calls nothing, the loaders' client only the gateway", () => {
    expect(check('worker/lib/session.ts', "import { registerDevice } from '../upstream';")).toEqual(['../upstream']);
    expect(check('worker/lib/session.ts', "import { forward } from './gateway';")).toEqual(['./gateway']);
    expect(
      check(
        'worker/lib/page-calls.ts',
        "import { readCached } from '../cache';\nimport { pageTrip } from './gateway';",
      ),
    ).toEqual(['../cache']);
    expect(
      check(
        'worker/lib/gateway.ts',
        "import { callUpstream } from '../upstream';\nimport { settle } from './session';",
      ),
    ).toEqual([]);
  });

  it('reads dynamic imports and globs, and ignores imports in comments', () => {
    expect(
      specifiersOf(
        "// import x from '../../api/a';\n/* import('../../worker/b') */\nconst m = import.meta.glob('./pages/*.tsx');",
      ),
    ).toEqual(['./pages/*.tsx']);
    expect(check('client/routes.tsx', "const pages = import.meta.glob('../api/src/**/*.ts');")).toEqual([
      '../api/src/**/*.ts',
    ]);
  });
});

describe("the API's layers (decision 69)", () => {
  const reasons = (file: string, source: string) => findViolations([{ file, source }]).map((v) => v.reason);

  it('lets a domain import the layers below it, by path, by alias or for a type only', () => {
    expect(
      check(
        'api/src/payments/outcome.ts',
        "import { orderView } from '../orders/view';\nimport type { PaymentRow } from '#api/src/db/rows';\nimport { log } from '../lib/log';",
      ),
    ).toEqual([]);
    expect(check('api/src/routes/orders.ts', "import { applyOutcome } from '../payments/outcome';")).toEqual([]);
    expect(check('api/src/orders/view.ts', "import { returnSteps } from './returns-view';")).toEqual([]);
  });

  it('refuses an import of a higher layer, naming both layers', () => {
    expect(check('api/src/orders/view.ts', "import { applyOutcome } from '../payments/outcome';")).toEqual([
      '../payments/outcome',
    ]);
    expect(check('api/src/lib/site-origin.ts', "import type { AppEnv } from '#api/src/app-env';")).toEqual([
      '#api/src/app-env',
    ]);
    const [reason] = reasons('api/src/orders/view.ts', "import { applyOutcome } from '../payments/outcome';");
    expect(reason).toMatch(/^orders \(layer \d+ of \d+\) may not import payments \(layer \d+ of \d+\), a higher layer/);
    expect(check('api/src/catalogue/detail.ts', "import { productRoutes } from '../routes/product';")).toEqual([
      '../routes/product',
    ]);
  });

  it("refuses an import of a folder of the same layer: peers don't lean on each other", () => {
    const peers = API_LAYERS.find((names) => names.includes('quiz'));
    expect(peers).toContain('wishlists');
    expect(reasons('api/src/quiz/queries.ts', "import { wishlist } from '../wishlists/queries';")).toEqual([
      expect.stringMatching(/^quiz \(layer \d+ of \d+\) may not import wishlists, of its own layer/),
    ]);
  });

  it('refuses a folder that has no layer yet, whichever way it imports', () => {
    expect(reasons('api/src/gifts/wrap.ts', "import { log } from '../lib/log';")).toEqual([
      'api/src/gifts has no layer in API_LAYERS (scripts/boundaries.mjs)',
    ]);
    expect(reasons('api/src/orders/place.ts', "import { wrap } from '../gifts/wrap';")).toHaveLength(1);
  });

  it('names each folder once, from lib at the bottom to index.ts at the top', () => {
    const names = API_LAYERS.flat();
    expect(new Set(names).size).toBe(names.length);
    expect(API_LAYERS[0]).toEqual(['lib']);
    expect(API_LAYERS.at(-1)).toEqual(['index']);
  });
});

describe('import circles', () => {
  it('finds two modules that import each other, a type-only import included', () => {
    const cycles = findCycles([
      { file: 'api/src/contract/registry.ts', source: "import { LAB } from './staff/lab';" },
      { file: 'api/src/contract/staff/lab.ts', source: "import type { RouteContract } from '../registry';" },
      { file: 'api/src/contract/route.ts', source: 'export const x = 1;' },
    ]);
    expect(cycles).toEqual([['api/src/contract/registry.ts', 'api/src/contract/staff/lab.ts']]);
  });

  it('finds a longer circle through aliases, and none once the shared type has its own module', () => {
    const files = [
      { file: 'client/a.ts', source: "import { b } from '#client/b';" },
      { file: 'client/b.tsx', source: "import { c } from './c';" },
      { file: 'client/c.ts', source: "import type { A } from './a';" },
    ];
    expect(findCycles(files)).toEqual([['client/a.ts', 'client/b.tsx', 'client/c.ts']]);
    files[2] = { file: 'client/c.ts', source: "import type { A } from './a-types';" };
    expect(findCycles(files)).toEqual([]);
  });

  it('counts a type written as an import() type as a type-only import', () => {
    const track = { file: 'client/track.ts', source: "export type B = (b: typeof import('./builders')['b']) => void;" };
    const builders = { file: 'client/builders.ts', source: "import type { Ctx } from './track';" };
    expect(findCycles([track, builders])).toEqual([['client/builders.ts', 'client/track.ts']]);
    const named = { file: 'client/track.ts', source: "let b: import('./builders').Builders;" };
    expect(findCycles([named, builders])).toEqual([['client/builders.ts', 'client/track.ts']]);
    const loaded = { file: 'client/track.ts', source: "void import('./builders').then((m) => m.b);" };
    expect(findCycles([loaded, builders])).toEqual([]);
  });

  it('ignores dynamic imports, tests and comments', () => {
    expect(
      findCycles([
        { file: 'client/a.ts', source: "import { b } from './b';" },
        { file: 'client/b.ts', source: "// import { a } from './a';\nconst a = () => import('./a');" },
        { file: 'client/b.test.ts', source: "import { a } from './a';" },
      ]),
    ).toEqual([]);
  });
});
