/**
 * The MongoDB wire protocol's framing, as much of it as the Node.js driver sends to a server: OP_QUERY
 * (only for the first `ismaster`/`hello` of a connection's handshake) answered by OP_REPLY, and OP_MSG for
 * every command after it. Compression and checksums are never asked for (the double advertises neither).
 *
 * Layouts from the MongoDB manual, "MongoDB Wire Protocol" (Standard Message Header; OP_MSG with its kind 0
 * body and kind 1 document sequences; Legacy Opcodes OP_QUERY and OP_REPLY).
 */
import { type Document, deserialize, serialize } from 'bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
const HEADER_BYTES = 16;
/** OP_MSG flagBits: checksumPresent (bit 0), moreToCome (bit 1). */
const CHECKSUM_PRESENT = 1;
const MORE_TO_COME = 2;

/** A request taken off the wire: its id, its opcode, the command document (document sequences folded in), and whether it wants no reply. */
export interface WireRequest {
  requestId: number;
  opCode: number;
  command: Document;
  moreToCome: boolean;
}

/**
 * Cut whole messages off the front of `buffer`: each begins with its int32 length (header included).
 * @returns the requests and the bytes left over (an incomplete message). @throws on an opcode the double does not speak.
 */
export function readMessages(buffer: Buffer): { requests: WireRequest[]; rest: Buffer } {
  const requests: WireRequest[] = [];
  let offset = 0;
  while (buffer.length - offset >= 4) {
    const length = buffer.readInt32LE(offset);
    if (buffer.length - offset < length) break;
    requests.push(parseMessage(buffer.subarray(offset, offset + length)));
    offset += length;
  }
  return { requests, rest: buffer.subarray(offset) };
}

function parseMessage(message: Buffer): WireRequest {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OP_MSG) return { requestId, opCode, ...parseOpMsg(message) };
  if (opCode === OP_QUERY) {
    // flags int32, fullCollectionName cstring, numberToSkip int32, numberToReturn int32, query document
    const nameEnd = message.indexOf(0, HEADER_BYTES + 4);
    const queryStart = nameEnd + 1 + 8;
    const size = message.readInt32LE(queryStart);
    return { requestId, opCode, command: deserialize(message.subarray(queryStart, queryStart + size)), moreToCome: false };
  }
  throw new Error(`MongoDB double: opcode ${opCode} is not spoken here (OP_MSG and the OP_QUERY handshake only)`);
}

/** OP_MSG: flagBits uint32, then sections up to the end (less the CRC-32C when checksumPresent). */
function parseOpMsg(message: Buffer): { command: Document; moreToCome: boolean } {
  const flags = message.readUInt32LE(HEADER_BYTES);
  const end = message.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
  let offset = HEADER_BYTES + 4;
  let command: Document = {};
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = message[offset]!;
    offset += 1;
    if (kind === 0) {
      const size = message.readInt32LE(offset);
      command = deserialize(message.subarray(offset, offset + size));
      offset += size;
    } else {
      // kind 1: int32 size (itself included), cstring identifier, documents to the end of the section
      const size = message.readInt32LE(offset);
      const sectionEnd = offset + size;
      const nameEnd = message.indexOf(0, offset + 4);
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      const docs: Document[] = [];
      for (let at = nameEnd + 1; at < sectionEnd;) {
        const docSize = message.readInt32LE(at);
        docs.push(deserialize(message.subarray(at, at + docSize)));
        at += docSize;
      }
      sequences.push([identifier, docs]);
      offset = sectionEnd;
    }
  }
  // A document sequence stands for an array field of the body (manual: "Kind 1: Document Sequence").
  for (const [identifier, docs] of sequences) command[identifier] = docs;
  return { command, moreToCome: (flags & MORE_TO_COME) !== 0 };
}

/** The reply to `request`, in the form its opcode calls for: OP_REPLY to an OP_QUERY, OP_MSG (one body section) to an OP_MSG. */
export function encodeReply(request: WireRequest, replyId: number, body: Document): Buffer {
  const doc = serialize(body);
  if (request.opCode === OP_QUERY) {
    // responseFlags int32, cursorID int64, startingFrom int32, numberReturned int32, documents
    const head = Buffer.alloc(HEADER_BYTES + 20);
    writeHeader(head, HEADER_BYTES + 20 + doc.length, replyId, request.requestId, OP_REPLY);
    head.writeInt32LE(1, HEADER_BYTES + 16); // numberReturned
    return Buffer.concat([head, doc]);
  }
  const head = Buffer.alloc(HEADER_BYTES + 5);
  writeHeader(head, HEADER_BYTES + 5 + doc.length, replyId, request.requestId, OP_MSG);
  head.writeUInt32LE(0, HEADER_BYTES); // flagBits
  head[HEADER_BYTES + 4] = 0; // section kind 0: the body
  return Buffer.concat([head, doc]);
}

function writeHeader(buffer: Buffer, length: number, requestId: number, responseTo: number, opCode: number): void {
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(requestId, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
}
