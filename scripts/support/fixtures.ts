/**
 * Values shared by the scripts (load, bench) and the tests: the API key a spawned or in-process server is
 * started with, and the smallest MJML page. They live here, not in `test/support/`, because scripts must
 * not import tests (a dependency-cruiser rule); `test/support/server.ts` re-exports them.
 */

/** The bootstrap API key every test and load-run server is started with (`BOOTSTRAP_API_KEY`). */
export const TEST_KEY = 'lp_TESTKEY00001_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

/** A page of MJML with `content` in one mj-text: the smallest template most API tests need. */
export const mjmlPage = (content: string): string =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${content}</mj-text></mj-column></mj-section></mj-body></mjml>`;
