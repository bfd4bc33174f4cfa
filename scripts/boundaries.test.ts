import { describe, expect, it } from 'vitest';
import { findCycles, findViolations, specifiersOf } from './boundaries.mjs';

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
