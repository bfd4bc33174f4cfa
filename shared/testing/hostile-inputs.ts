// Tables of hostile inputs, by class, for unit, integration and e2e tests (the probes are
// run again with other inputs, so each class is tested as a table rather than by one example).

/** Hostile redirect targets, by the trick they use; every one must stay on the shop. */
export const HOSTILE_TARGETS: Record<string, string[]> = {
  absolute: [
    'https://evil.example/x',
    'http:evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    ' https://evil.example',
  ],
  protocolRelative: [
    '//evil.example',
    '///evil.example',
    '//evil.example/x?y',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
  ],
  browserStripped: [
    '/\t/evil.example/x',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/\\\t\\evil.example',
  ],
  encoded: [
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%09/evil.example',
    '/%252F%252Fevil.example',
    '/%E0%A4%A',
  ],
  dotSegments: ['/a/..//evil.example', '/%2e%2e//evil.example', '/./\\evil.example'],
  controls: ['/x\0y', '/x\u0001', '/x\u007f'],
};

/** Values for a numeric query or path parameter that is not a small whole number. */
export const HOSTILE_NUMBERS = [
  '1.5',
  '-1',
  '0x10',
  '1e3',
  'NaN',
  'Infinity',
  '',
  ' 3',
  '3 ',
  '٣',
  '99999999999999999999999',
  'abc',
  '%00',
  "1' OR 1=1",
  '[]',
  '{}',
];

/** Cookie values (as sent, percent-encoded) that must never become a 5xx. */
export const HOSTILE_COOKIE_VALUES = [
  '%0A',
  '%0D',
  '%00',
  'dv1.x%0Ay',
  'a%0D%0Aset-cookie:%20x=1',
  '%E0%A4%A',
  '%',
  'x'.repeat(5000),
  '%7F',
];

/** Free-text query values: long (Latin and Arabic), control characters, SQL and FTS syntax, bad JSON. */
export const HOSTILE_TEXTS = [
  'a'.repeat(600),
  'فيتامين'.repeat(60),
  '\u0000',
  '\r\n',
  "' OR 1=1 --",
  '"',
  'NEAR(a b)',
  '*',
  'a AND OR NOT',
  '{"search":',
  '{"filters":[{"key":"sku_price","type":"range","range":{"min":"x"}}]}',
  '%',
  '_',
  '\\',
  '😀'.repeat(100),
];

/** JSON bodies of the wrong shape for any POST route. */
export const HOSTILE_BODIES = [
  'null',
  '[]',
  '"x"',
  '1',
  'true',
  '{}',
  '{"items":"x"}',
  '{"items":[null]}',
  '{"email":{"$ne":1}}',
  `{"a":${'['.repeat(500)}${']'.repeat(500)}}`,
  '{"page":1e308}',
  '{"__proto__":{"x":1}}',
  '{',
];
