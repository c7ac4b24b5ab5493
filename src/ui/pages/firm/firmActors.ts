// The real implementations of the firm screens' actors (docs/architecture.md: the app provides them with
// machine.provide; tests mock the fetchers).
import { fromPromise } from 'xstate';
import { getFirm, updateFirm, type Firm, type FirmUpdate } from '../../../api/firm';
import { validateCredentials } from '../../../api/neos';
import type { CredentialsInput } from '../../../domain/schemas/credentials';
import { credentialsMachine } from '../../../machines/credentials.machine';
import { firmFormMachine } from '../../../machines/firmForm.machine';
import { firmRecordMachine } from '../../../machines/firmRecord.machine';

const loadFirm = fromPromise<Firm, void>(() => getFirm());

export const appFirmRecordMachine = firmRecordMachine.provide({ actors: { loadFirm } });

export const appFirmFormMachine = firmFormMachine.provide({
  actors: {
    loadFirm,
    saveFirm: fromPromise<Firm, FirmUpdate>(({ input }) => updateFirm(input)),
  },
});

export const appCredentialsMachine = credentialsMachine.provide({
  actors: {
    validateCredentials: fromPromise<void, CredentialsInput>(({ input }) => validateCredentials(input)),
  },
});
