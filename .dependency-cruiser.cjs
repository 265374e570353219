/**
 * dependency-cruiser: the layer rules CI holds the code to (`npm run lint:deps`, run by `npm test`).
 * What is allowed to import what (ARCHITECTURE.md): a pure domain; application code that reaches stores
 * through its ports, never an adapter; only adapters import database drivers; one composition root
 * (src/wiring.ts) wires adapters in; scripts and production code never import tests; no import loops.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** Database and broker client packages: only src/adapters may import them. */
const DRIVERS = 'node_modules/(pg|pg-[^/]+|mongodb|bson|better-sqlite3|@kurrent/[^/]+|ioredis)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import loops: a loop makes load order matter and the two ends impossible to read apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'src/domain imports only src/domain, node:crypto (hashes) and safe-stable-stringify (a pure function): ' +
        'no I/O, no framework, no other layer.',
      from: { path: '^src/domain/' },
      to: {
        pathNot: ['^src/domain/', '^crypto$', 'node_modules/safe-stable-stringify/'],
      },
    },
    {
      name: 'application-through-ports',
      severity: 'error',
      comment:
        'src/application reaches stores through its ports (src/application/ports): never an adapter, the HTTP ' +
        'layer, the CLI, the composition root or a process entry point.',
      from: { path: '^src/application/' },
      to: {
        path: [
          '^src/(adapters|http|cli)/',
          '^src/(wiring|server|projector-process|startup-failure|config|health|health-checks|read-side|rate-limits)\\.ts$',
        ],
      },
    },
    {
      name: 'slice-front-door',
      severity: 'error',
      comment:
        'Each slice of src/application (write, read, render, projector, keys, ports) has one front door, its ' +
        'index.ts: code outside the slice imports that file only, so a slice can be read and changed from its door. ' +
        'Tests may reach inside to test a part alone.',
      from: { path: '^(src|scripts|bin|projections)/', pathNot: '^src/application/' },
      to: { path: '^src/application/[^/]+/', pathNot: '^src/application/[^/]+/index\\.ts$' },
    },
    {
      name: 'rendering-front-door',
      severity: 'error',
      comment:
        'src/rendering has one face, its index.ts: code outside it imports that file only (tests may reach inside). ' +
        'What the rest of the service uses of rendering is then one file to read.',
      from: { path: '^(src|scripts|bin|projections)/', pathNot: '^src/rendering/' },
      to: { path: '^src/rendering/', pathNot: '^src/rendering/index\\.ts$' },
    },
    {
      name: 'slices-meet-at-front-doors',
      severity: 'error',
      comment: 'One slice of src/application imports another only through its index.ts (see slice-front-door).',
      from: { path: '^src/application/([^/]+)/' },
      to: { path: '^src/application/[^/]+/', pathNot: ['^src/application/$1/', '^src/application/[^/]+/index\\.ts$'] },
    },
    {
      name: 'only-adapters-import-drivers',
      severity: 'error',
      comment: 'Database drivers (pg, mongodb, better-sqlite3, @kurrent/*, ioredis) are imported by src/adapters only.',
      from: { path: '^src/', pathNot: '^src/adapters/' },
      to: { path: DRIVERS },
    },
    {
      name: 'engines-through-front-doors',
      severity: 'error',
      comment:
        'Production code outside src/adapters opens an engine through its front door (src/adapters/<engine>/index.ts, ' +
        "open<Engine>Stores); the configuration may read an engine's driver-free timeouts.ts (its defaults).",
      from: { path: '^(src|scripts|bin)/', pathNot: '^src/adapters/' },
      to: {
        path: '^src/adapters/(sqlite|postgres|kurrentdb|mongodb|kurrentdb-mongodb)/',
        pathNot: '^src/adapters/(sqlite|postgres|kurrentdb-mongodb)/(index|timeouts)\\.ts$',
      },
    },
    {
      name: 'routes-never-import-drivers-or-adapters',
      severity: 'error',
      comment: 'The HTTP layer is thin: it talks to the application, never to a driver or an adapter.',
      from: { path: '^src/http/' },
      to: { path: [DRIVERS, '^src/adapters/'] },
    },
    {
      name: 'projections-are-pure',
      severity: 'error',
      comment: 'Projections fold domain events: they import the domain and each other, nothing else.',
      from: { path: '^projections/' },
      to: { pathNot: ['^projections/', '^src/domain/'] },
    },
    {
      name: 'not-to-test',
      severity: 'error',
      comment: 'Production code, scripts and bin never import test/: tests depend on them, not the other way.',
      from: { path: '^(src|scripts|projections|bin)/' },
      to: { path: '^test/' },
    },
    {
      name: 'src-not-to-scripts',
      severity: 'error',
      comment: "Production code does not depend on the repository's scripts (load, bench, lint).",
      from: { path: '^(src|projections)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment: 'Production code imports only runtime dependencies ("dependencies" in package.json), never a devDependency.',
      from: { path: '^(src|projections)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment: 'Every package imported is declared in package.json (no reliance on what happens to be hoisted).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A module nothing imports and that imports nothing is dead or forgotten (config files, type declarations ' +
        'and bin/healthcheck.js, which the Dockerfile runs and test/api/healthcheck.test.ts spawns, aside; and the ' +
        'writer-thread doubles of test/support/writer-threads, which the writer-thread contract test starts by URL).',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$',
          '\\.d\\.ts$',
          '(^|/)tsconfig\\.json$',
          '^eslint\\.config\\.js$',
          '^bin/healthcheck\\.js$',
          '^test/support/writer-threads/[^/]+\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or a package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|public)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
