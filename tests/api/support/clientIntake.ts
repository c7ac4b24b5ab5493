// The client's side of a link in API tests (docs/product/client-intake.md): the token out of a
// link's address, and a submission built from a form intake the way the client page sends it.
import { clientSubmissionAnswers, type ClientLanguage, type GeneralCaseInformation } from '../../../src/domain/intake';
import type { components } from '../../../src/api/schema';
import type { TestServer } from './testServer';

export type ClientIntakeSubmission = components['schemas']['ClientIntakeSubmission'];

export function tokenOf(url: string): string {
  const match = /\/client-intake\/([^/?#]+)$/.exec(url);
  if (!match) throw new Error(`Not a client link: ${url}`);
  return match[1]!;
}

export function submission(intake: GeneralCaseInformation, language: ClientLanguage = 'es'): ClientIntakeSubmission {
  return {
    language,
    fullName: 'Alex Q Sample',
    consent: true,
    answers: clientSubmissionAnswers(intake) as ClientIntakeSubmission['answers'],
  };
}

export function openLink(server: TestServer, token: string) {
  return server.api.GET('/public/v1/client-intake/{token}', { params: { path: { token } } });
}

export function submitLink(server: TestServer, token: string, body: ClientIntakeSubmission) {
  return server.api.POST('/public/v1/client-intake/{token}', { params: { path: { token } }, body });
}
