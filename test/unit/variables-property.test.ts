/**
 * Property-based (fast-check): for generated declared schemas, values built to fit them pass, and a value
 * with one leaf replaced by a wrong type gets a problem at exactly that leaf's pointer.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { VariablesValidator } from '../../src/rendering/index.js';
import { leaves, rootShape, schemaOf, setAt, valueOf } from '../support/variable-shapes.js';

describe('Variables against generated schemas (fast-check)', () => {
  const validator = new VariablesValidator();

  it('values built to fit a schema have no problem', () => {
    fc.assert(
      fc.property(rootShape, (s) => {
        expect(validator.validate(schemaOf(s), valueOf(s) as Record<string, unknown>)).to.deep.equal([]);
      }),
      { numRuns: 200 },
    );
  });

  it('one wrong leaf is reported at exactly its pointer', () => {
    fc.assert(
      fc.property(
        rootShape.chain((s) => fc.record({ s: fc.constant(s), at: fc.constantFrom(...leaves(s)) })),
        ({ s, at }) => {
          const variables = valueOf(s) as Record<string, unknown>;
          setAt(variables, at.pointer, at.wrong);
          const problems = validator.validate(schemaOf(s), variables);
          expect(problems.length).to.be.greaterThan(0);
          expect(
            problems.every((p) => p.pointer === `/variables${at.pointer}`),
            JSON.stringify(problems),
          ).to.equal(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
