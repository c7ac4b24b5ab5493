// The phone's language for the client's pages (the intake form and the signing page), until the
// link says which one the intake names (docs/product/client-intake.md#languages).
import { clientLanguages, type ClientLanguage } from '../../domain/intake';

/** The browser's preferred language among the three, else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages): ClientLanguage {
  for (const tag of preferred) {
    const base = tag.slice(0, 2).toLowerCase();
    if ((clientLanguages as readonly string[]).includes(base)) return base as ClientLanguage;
  }
  return 'en';
}
