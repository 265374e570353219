/**
 * Payloads made from a recorded shape (shapes.ts): the same paths with a placeholder value of each type, so a
 * schema can be checked against what callers send without any of their values. Below `[]`, every type a path
 * had among the elements gets an element of its own (and `missing` one without the path). Pure.
 */
import type { ShapeType, VariableShape } from './shapes.js';

interface Node {
  types: Set<ShapeType>;
  fields: Map<string, Node>;
  element: Node | undefined;
}

const newNode = (): Node => ({ types: new Set(), fields: new Map(), element: undefined });

/** A placeholder of each leaf type (no recorded value: shapes keep none). */
const LEAVES: Partial<Record<ShapeType, unknown>> = { string: 'sample', integer: 1, number: 1.5, boolean: true, null: null };

/** `order.lines[].qty` → `['order', 'lines', '[]', 'qty']`. */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  for (const part of path.split('.')) {
    const name = part.replace(/(\[\])+$/, '');
    if (name !== '') segments.push(name);
    for (let rest = part.slice(name.length); rest.startsWith('[]'); rest = rest.slice(2)) segments.push('[]');
  }
  return segments;
}

/** A payload of `shape`'s paths and types; a fresh object each call (a validator may fill in defaults). Never throws. */
export function sampleOfShape(shape: VariableShape): Record<string, unknown> {
  const root = newNode();
  root.types.add('object');
  for (const [path, types] of shape.paths) {
    let node = root;
    for (const segment of pathSegments(path)) {
      if (segment === '[]') node = node.element ??= newNode();
      else {
        let next = node.fields.get(segment);
        if (!next) node.fields.set(segment, (next = newNode()));
        node = next;
      }
    }
    for (const type of types) node.types.add(type);
  }
  return objectVariants(root)[0] ?? {};
}

/** One value per type of `node` (`undefined` for `missing`). */
function variants(node: Node): unknown[] {
  const values: unknown[] = [];
  for (const type of [...node.types].sort()) {
    if (type === 'missing') values.push(undefined);
    else if (type === 'object') values.push(...objectVariants(node));
    else if (type === 'array') values.push(node.element ? variants(node.element).filter((v) => v !== undefined) : []);
    else values.push(LEAVES[type]);
  }
  return values;
}

/** As many objects as its most varied field has variants; object k takes each field's variant k (cycling). */
function objectVariants(node: Node): Array<Record<string, unknown>> {
  const fields = [...node.fields].map(([name, child]) => [name, variants(child)] as const);
  const count = Math.max(1, ...fields.map(([, values]) => values.length));
  const objects: Array<Record<string, unknown>> = [];
  for (let k = 0; k < count; k++) {
    const object: Record<string, unknown> = {};
    for (const [name, values] of fields) {
      const value = values[k % Math.max(1, values.length)];
      // Defined, never assigned: a key `__proto__` is a key like any other.
      if (value !== undefined) Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
    }
    objects.push(object);
  }
  return objects;
}
