/** Signed render receipts (docs/receipts.md): the slice's front door. */
export { ReceiptKeys, type ReceiptKey, type ReceiptKeyActor } from './receipt-keys.js';
export {
  MalformedReceiptError,
  Receipts,
  sha256Hex,
  variablesDigest,
  type RenderedForReceipt,
  type Verification,
  type VerifyQuestion,
} from './receipts.js';
