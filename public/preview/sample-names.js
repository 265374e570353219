/**
 * Realistic sample values from a variable's name (and the names of the objects and lists it sits in), for
 * the preview's sample variables (sample.js) where the schema gives no value of its own: `customer.email`
 * → "ada@example.com", `order.total` → 109.05, `shipped_at` → an RFC 3339 date-time, `lines[].qty` → 2.
 * One fictional customer and order throughout (Ada Lovelace, order 10427, a US address), so an email reads
 * as one story. Values are fixed, never random nor today's date: the same template always starts from the
 * same sample. Pure; no DOM.
 */

/** The date and date-time of every date-like name (also sample.js' `format: date-time`/`date` values). */
export const SAMPLE_DATE_TIME = '2026-01-15T09:30:00Z';
export const SAMPLE_DATE = SAMPLE_DATE_TIME.slice(0, 10);

/**
 * A 6×2 light grey PNG: a 3:1 placeholder for image variables (`logo_url`, `product.image`). A PNG `data:`
 * URL is one the service sends in `src` (SVG `data:` URLs are refused) and needs no network.
 */
export const PLACEHOLDER_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAYAAAACCAIAAAD0PzoJAAAAEUlEQVR42mO4dvMeGmLAFAIARXgenUQLjSsAAAAASUVORK5CYII=';

/** Containers whose `name`/`title` is a product's (`lines[].title`, `product.name`). */
const GOODS = /\b(product|item|line|article|sku|variant|good|cart|basket)\b/;
/** Containers whose `name` is a person's. */
const PEOPLE = /\b(customer|user|recipient|contact|person|member|account|buyer|guest|author|owner|client|subscriber|profile|sender|employee|friend|referrer)\b/;
/** Containers whose `number`/`id` is an order's reference. */
const RECORDS = /\b(order|invoice|receipt|booking|reservation|confirmation|ticket|case|transaction|purchase|shipment|payment)\b/;

/**
 * The table, first match wins: [pattern on the field's own words, pattern on its containers' words (or
 * null: anywhere), value]. Words are lower case, separated by one space: `unsubscribeURL` → "unsubscribe
 * url". A value that is a function gets the field's words and its containers' words. Numbers are
 * numbers: sample.js prints them as strings only where the schema takes no number.
 * @type {ReadonlyArray<readonly [RegExp, RegExp | null, unknown]>}
 */
export const NAME_SAMPLES = Object.freeze([
  [/^(is|has|can|should|show|enable|enabled|include|allow|opted|accepts?)\b/, null, true],
  [/\b(support|help|contact|reply to|from|sender|no ?reply)\b.*\be ?mail( address)?$/, null, 'support@example.com'],
  [/\be ?mail( address)?$/, null, 'ada@example.com'],
  [/\b(image|img|photo|picture|avatar|thumbnail|logo|banner|hero|icon)( (url|src|uri))?$/, null, PLACEHOLDER_IMAGE],
  [/(^|\b)(url|uri|link|href|website|homepage)$/, null, (own, parents) => `https://example.com/${slug(own, parents)}`],
  [/\b(phone|mobile|tel|telephone|phone number|mobile number)$/, null, '+1 555 010 0123'],
  [/\btracking (number|no|code|id)$/, null, '1Z999AA10123456784'],
  [/\b(coupon|promo|voucher|coupon code|voucher code|discount code|promo code|gift code)$/, null, 'WELCOME10'],
  [/\b(country code|country)$/, null, (own) => (own.endsWith('code') ? 'US' : 'United States')],
  [/\b(currency|currency code)$/, null, 'USD'],
  [/\b(postal code|post code|postcode|zip|zip code)$/, null, '94105'],
  [/\b(locale|language code|lang)$/, null, 'en-US'],
  [/\b(time ?zone|tz)$/, null, 'America/Los_Angeles'],
  [/\b(code|otp|pin|passcode|verification code|security code)$/, null, '482913'],
  // One order: 2 × 49.99 = 99.98, + 4.95 shipping + 4.12 tax = 109.05.
  [/\b(cents|minor units|in cents)$/, null, 10905],
  [/\b(unit price|price|cost)$/, null, 49.99],
  [/\b(subtotal|sub total)$/, null, 99.98],
  [/\b(shipping|delivery fee|shipping cost|fee|fees)$/, null, 4.95],
  [/\b(tax|vat|sales tax)$/, null, 4.12],
  [/\b(discount|savings|refund|credit)$/, null, 5],
  [/\b(total|amount|balance|payment|charge|sum|grand total|amount due|price paid)$/, null, 109.05],
  [/\b(percent|percentage|pct)$/, null, 15],
  [/\b(qty|quantity|count|units|seats|guests|nights|number of \w+)$/, null, 2],
  [/\b(days|hours|minutes|weeks|months)$/, null, 3],
  [/\b(year)$/, null, 2026],
  [/\b(age)$/, null, 36],
  [/(^|\b)(at|timestamp|datetime|date time|time)$/, null, SAMPLE_DATE_TIME],
  [/(^|\b)(on|date|birthday|dob|birth date|deadline|expires|expiry|expiration|expiration date|until|since)$/, null, SAMPLE_DATE],
  [/\b(uuid|guid)$/, null, '3f2c1a9e-8b7d-4c6e-9a51-2d0f4b8e7c13'],
  [/(^|\b)(number|no|num|nr|id|ref|reference)$/, RECORDS, '10427'],
  [/\b(order|invoice|receipt|booking|confirmation) (number|no|num|nr|id|ref|reference)$/, null, '10427'],
  [/\b(sku|product code|item code)$/, null, 'LIN-SHIRT-M'],
  [/\b(first name|firstname|given name|fname|forename)$/, null, 'Ada'],
  [/\b(last name|lastname|surname|family name|lname)$/, null, 'Lovelace'],
  [/\b(full name|display name|customer name|recipient name|contact name)$/, null, 'Ada Lovelace'],
  [/\b(username|user name|login|handle|nickname)$/, null, 'ada'],
  [/\b(company|company name|organization|organisation|business|employer)$/, null, 'Acme Inc.'],
  [/\b(shop|store|brand|shop name|store name|brand name|sender name|from name|team)$/, null, 'Acme Shop'],
  [/\b(product|product name|product title|item name)$/, null, 'Linen shirt'],
  [/^(name|title)$/, GOODS, 'Linen shirt'],
  [/^description$/, GOODS, 'Soft, breathable linen.'],
  [/^name$/, PEOPLE, 'Ada Lovelace'],
  [/^name$/, /^$/, 'Ada Lovelace'], // `{{name}}` at the root: the recipient's
  [/\b(street|address|address line 1|address 1|line 1|street address)$/, null, '1 Market Street'],
  [/\b(city|town)$/, null, 'San Francisco'],
  [/\b(state|region|province)$/, null, 'CA'],
  [/\b(status)$/, null, 'Shipped'],
  [/\b(carrier)$/, null, 'UPS'],
  [/\b(size)$/, null, 'M'],
  [/\b(colou?r)$/, null, 'Navy'],
  [/\b(subject)$/, null, 'Your order has shipped'],
]);

/**
 * The sample the table gives a field, or undefined when no row matches.
 * @param {readonly string[]} path the field's name last, its containers before it (list items by the list's
 *   singular: `order.lines[].qty` is `["order", "line", "qty"]`)
 * @returns {unknown}
 */
export function sampleForName(path) {
  const own = words(path.at(-1) ?? '');
  const parents = path.slice(0, -1).map(words).join(' ');
  for (const [pattern, context, value] of NAME_SAMPLES) {
    if (!pattern.test(own) || (context && !context.test(parents))) continue;
    return typeof value === 'function' ? value(own, parents) : value;
  }
  return undefined;
}

/** `unsubscribeURL` / `first_name` / `order-id` → "unsubscribe url" / "first name" / "order id". */
export function words(name) {
  return String(name)
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/** The path of a link: its own words but the last ("reset password url" → "reset-password"), else its container's. */
function slug(own, parents) {
  const named = own.split(' ').slice(0, -1).join('-') || parents.split(' ').at(-1) || '';
  return named.replace(/[^a-z0-9-]/g, '');
}
