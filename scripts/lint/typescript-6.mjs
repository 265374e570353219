/**
 * Makes the lint tools (typescript-eslint, dependency-cruiser) load TypeScript 6 where they ask for
 * `typescript`. Why: the project compiles with TypeScript 7 (`tsc`, the native compiler), whose npm package
 * has no JavaScript compiler API; both tools need that API (typescript-eslint supports TypeScript < 6.1,
 * dependency-cruiser < 7). TypeScript 6.0 is installed beside it as the `typescript-6` alias and checks the
 * same code the same way (6.0 is the release TypeScript 7 was ported from).
 *
 * Used as `node --import ./scripts/lint/typescript-6.mjs …` (see the `lint` and `lint:deps` scripts) and
 * imported first by `eslint.config.js`. Covers both `require('typescript')` (typescript-eslint is CommonJS)
 * and `import 'typescript'` (dependency-cruiser is ESM). Nothing else in the repository is affected: the
 * redirect lives only in the lint processes.
 */
import Module, { register } from 'node:module';

const FROM = 'typescript';
const TO = 'typescript-6';
const redirect = (specifier) => (specifier === FROM || specifier.startsWith(`${FROM}/`) ? TO + specifier.slice(FROM.length) : specifier);

// CommonJS: Module._resolveFilename is the one resolver every require() goes through (Node has no public
// synchronous require hook before 22.15, and this project supports Node 20.19).
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript6(request, ...rest) {
  return resolveFilename.call(this, redirect(request), ...rest);
};

// ESM: a resolve hook (module.register, Node ≥ 20.6) doing the same for import specifiers.
const hook = `export async function resolve(specifier, context, next) {
  const to = specifier === ${JSON.stringify(FROM)} || specifier.startsWith(${JSON.stringify(`${FROM}/`)}) ? ${JSON.stringify(TO)} + specifier.slice(${FROM.length}) : specifier;
  return next(to, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);
