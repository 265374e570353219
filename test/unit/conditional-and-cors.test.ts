/**
 * The parsing rules behind conditional GET (RFC 9110 §13.1.2), CORS_ORIGINS and the metrics route classes.
 */
import { expect } from 'chai';
import { answerNotModified, ifNoneMatchMatches } from '../../src/http/conditional.js';
import { parseCorsOrigins } from '../../src/http/cors.js';
import { routeClass } from '../../src/http/metrics.js';

describe('If-None-Match (RFC 9110 §13.1.2: weak comparison)', () => {
  it('matches the tag, its weak form, a list holding it, and *', () => {
    for (const header of ['"3"', 'W/"3"', '"1", "3"', ' "1" ,W/"3" ', '*'])
      expect(ifNoneMatchMatches(header, '"3"'), header).to.equal(true);
  });
  it('matches nothing when empty or naming other tags', () => {
    for (const header of ['', '   ', '"4"', '"33"', '3', 'W/"4", "5"']) expect(ifNoneMatchMatches(header, '"3"'), header).to.equal(false);
  });
  it('answers 304 only to GET and HEAD', () => {
    const ctx = (method: string) => ({ method, status: 200, get: () => '"3"' });
    for (const method of ['GET', 'HEAD']) {
      const c = ctx(method);
      expect(answerNotModified(c, '"3"')).to.equal(true);
      expect(c.status).to.equal(304);
    }
    const put = ctx('PUT');
    expect(answerNotModified(put, '"3"')).to.equal(false);
    expect(put.status).to.equal(200);
  });
});

describe('CORS_ORIGINS', () => {
  it('reads origins and *, trimming spaces and empty entries', () => {
    expect(parseCorsOrigins(undefined)).to.deep.equal([]);
    expect(parseCorsOrigins(' ')).to.deep.equal([]);
    expect(parseCorsOrigins('https://a.example, http://localhost:5173,,*')).to.deep.equal([
      'https://a.example',
      'http://localhost:5173',
      '*',
    ]);
  });
  it('refuses what is not an origin, naming it and the form that works', () => {
    for (const bad of ['https://a.example/', 'https://a.example/path', 'a.example', 'ftp://a.example', 'https://A.example']) {
      expect(() => parseCorsOrigins(bad), bad).to.throw(Error, `"${bad}" is not an origin: write scheme://host[:port]`);
    }
  });
});

describe('metrics: route classes of unmatched requests', () => {
  it('classes by status, then by preflight, never by path', () => {
    expect(routeClass('GET', 401)).to.equal('unauthenticated');
    expect(routeClass('GET', 400)).to.equal('unauthenticated');
    expect(routeClass('POST', 429)).to.equal('rate_limited');
    expect(routeClass('GET', 404)).to.equal('not_found');
    expect(routeClass('OPTIONS', 204)).to.equal('preflight');
    expect(routeClass('PUT', 405)).to.equal('unmatched');
  });
});
