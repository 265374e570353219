/**
 * The Spectral ruleset the OpenAPI document is held to (test/api/openapi-lint.test.ts): `spectral:oas`
 * and the OWASP API Security ruleset, recommended rules, each rule we disagree with turned off below with
 * its reason. `npm run openapi:lint` prints what both tools find.
 */
import { oas } from '@stoplight/spectral-rulesets';
import owasp from '@stoplight/spectral-owasp-ruleset';

/** Rules turned off, each with the one-line reason. */
export const OFF_RULES: Readonly<Record<string, string>> = {
  'owasp:api4:2023-rate-limit':
    'Its oneOf refuses a response documenting both the IETF RateLimit fields and X-RateLimit-*, which every keyed answer carries.',
  'owasp:api4:2023-string-limit':
    'Strings carry maxLength where the server checks one; the rest is bounded as a whole (BODY_LIMIT_KB, JSON limits: docs/limits.md).',
  'owasp:api4:2023-array-limit':
    'As string-limit: arrays carry maxItems where the server checks one; the body and JSON limits bound the rest.',
  'owasp:api4:2023-integer-limit':
    "As string-limit: integers carry minimum/maximum where the server checks them; responses are the server's own output.",
  'owasp:api4:2023-integer-format':
    'JSON numbers have no int32/int64 wire size; bounds are stated as minimum/maximum where the server has them.',
  'owasp:api4:2023-string-restricted':
    'Names, templates, subjects and messages are free text: there is no format, pattern or enum to give them.',
  'owasp:api8:2023-define-cors-origin':
    "CORS is off unless CORS_ORIGINS lists origins; its headers depend on the caller's Origin and are " +
    'documented once (docs/access.md), not on every response.',
  'owasp:api9:2023-inventory-environment':
    'The servers are relative prefixes of whichever deployment serves the document, the same document in every environment.',
};

/** The ruleset: `extends` the two, `OFF_RULES` off. */
export const ruleset = {
  extends: [
    [oas, 'recommended'],
    [owasp, 'recommended'],
  ],
  rules: Object.fromEntries(Object.keys(OFF_RULES).map((rule) => [rule, 'off'])),
};
