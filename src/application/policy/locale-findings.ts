/**
 * The send-readiness policy over locale variants (docs/policy.md "Locale variants"): a locale's own `mjml` is
 * checked as a second email, its findings named by the locale and pointed under `/locales/<tag>/mjml`.
 */
import type { LocaleVariant } from '../../domain/locales.js';
import type { ProjectMetadata } from '../../domain/mjml-ast.js';
import { variantPointer, type PolicyFinding } from '../../rendering/index.js';

/**
 * `main` (the findings of the main markup) and after it each variant's findings (`perVariant`, in order):
 * `locale` set, a node pointer `/ast/…` moved under `/locales/<tag>/mjml/…` (its path in the variant's own
 * tree), the message opening with `locales.<tag>.mjml:`. A variant's finding about the metadata (a pointer
 * outside `/ast`) that `main` already has is not told twice.
 */
export function unitedFindings(
  main: readonly PolicyFinding[],
  perVariant: ReadonlyArray<{ tag: string; found: readonly PolicyFinding[] }>,
): PolicyFinding[] {
  const told = new Set(main.map(findingId));
  const united = [...main];
  for (const { tag, found } of perVariant) {
    for (const finding of found) {
      if (!finding.pointer.startsWith('/ast') && told.has(findingId(finding))) continue;
      united.push(inLocale(finding, tag));
    }
  }
  return united;
}

/** `metadata` with a variant's own subject and preheader (what a render in that locale uses). */
export function localizedMetadata(metadata: ProjectMetadata, variant: LocaleVariant | undefined): ProjectMetadata {
  return {
    ...metadata,
    ...(variant?.subject !== undefined ? { subject: variant.subject } : {}),
    ...(variant?.preheader !== undefined ? { preheader: variant.preheader } : {}),
  };
}

const findingId = (finding: PolicyFinding): string => `${finding.rule} ${finding.pointer} ${finding.message}`;

function inLocale(finding: PolicyFinding, tag: string): PolicyFinding {
  const pointer = finding.pointer.startsWith('/ast') ? `${variantPointer(tag)}${finding.pointer.slice('/ast'.length)}` : finding.pointer;
  return { ...finding, pointer, locale: tag, message: `locales.${tag}.mjml: ${finding.message}` };
}
