/**
 * The one size every event store takes: the cap on one event, its count, and the 413 a write over it gets.
 * It belongs to the event-store port (the strictest store sets it for all), not to rendering; the answer
 * stays the template's `template_too_large`, since a revision's size is what the author can change.
 */
import { TemplateError } from '../../rendering/index.js';

/**
 * KurrentDB refuses an append over 1 MiB (its `MaxAppendSize` default, 1,048,576 bytes; KurrentDB docs,
 * "Server configuration"), so no event may be larger whatever the store.
 */
export const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * The bytes an event counts against `MAX_EVENT_BYTES`, at least what KurrentDB counts against its
 * `MaxAppendSize`: `Event.SizeOnDisk` = data bytes + metadata bytes + 2 × the type's UTF-16 length
 * (KurrentDB `Streams.BatchAppend.cs`, `AddEvents`). Here the whole `{type, data}` JSON stands for the data
 * (a few bytes more), plus the metadata JSON (`key_id`, `request_id`), plus the type counted twice.
 */
export function eventBytes(event: { type: string }, metadata: unknown): number {
  return (
    Buffer.byteLength(JSON.stringify(event), 'utf8') + Buffer.byteLength(JSON.stringify(metadata ?? {}), 'utf8') + 2 * event.type.length
  );
}

/** An event over `MAX_EVENT_BYTES` (counted by `eventBytes`). @throws TemplateError 413 `template_too_large`. */
export function checkEventSize(bytes: number): void {
  if (bytes <= MAX_EVENT_BYTES) return;
  throw eventTooLarge(bytes, MAX_EVENT_BYTES);
}

/**
 * The event store refused an append as too large although it passed `checkEventSize` (a server whose
 * `MaxAppendSize` is below 1 MiB): the same 413, naming the store's limit.
 */
export function storeRefusedEventSize(maxBytes: number): TemplateError {
  return new TemplateError(
    'template_too_large',
    `The event store refused the revision as larger than its limit of ${maxBytes} bytes per append. Make the template or its metadata smaller.`,
    [],
    { limit: 'MAX_EVENT_BYTES', max: maxBytes },
  );
}

function eventTooLarge(bytes: number, max: number): TemplateError {
  return new TemplateError(
    'template_too_large',
    `The revision would be stored as a ${bytes}-byte event; events are limited to ${max} bytes (KurrentDB's append limit). ` +
      'Make the template or its metadata smaller.',
    [],
    { limit: 'MAX_EVENT_BYTES', max, found: bytes },
  );
}
