// Edit Firm's engagement terms (docs/product/engagement.md#screens): the contingency fees before
// and after suit, how costs are handled, and the three documents' texts with their placeholders,
// each beside its preview filled with the made-up sample client. A text still the product's
// sample says so: the firm's attorney reviews it before clients sign it. The machine
// (src/machines/engagementTerms.machine.ts) keeps what is typed through every call.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { getEngagementTerms, previewEngagementTerms, updateEngagementTerms, type EngagementTermsUpdate } from '../../../api/engagement';
import { engagementTermsMachine } from '../../../machines/engagementTerms.machine';
import { engagementTermsToasts } from '../../app/factToasts';
import { useMachineActor } from '../../app/inspect';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextInput } from '../../components/TextInput';
import * as layout from '../../theme/layout.css';
import * as css from './engagementTerms.css';

const appEngagementTermsMachine = engagementTermsMachine.provide({
  actors: {
    loadTerms: fromPromise(() => getEngagementTerms()),
    previewTerms: fromPromise(({ input }) => previewEngagementTerms(input)),
    saveTerms: fromPromise(({ input }) => updateEngagementTerms(input)),
  },
});

type TermsActor = ActorRefFrom<typeof appEngagementTermsMachine>;
type DocumentKind = keyof EngagementTermsUpdate['documents'];

export const ENGAGEMENT_TERMS_TEXT = {
  title: 'Engagement Terms',
  intro:
    'What the client signs on their phone after the conflict check is cleared or waived. Placeholders such as {{clientName}} are replaced with the intake and firm data.',
  feeBeforeSuit: 'Fee before a suit is filed (%)',
  feeAfterSuit: 'Fee after a suit is filed (%)',
  feeHint: "As the agreement writes it: '33 1/3', '40', '35.5'.",
  costsDeducted: 'Case costs come out of the recovery',
  costsDeductedOptions: {
    beforeFee: 'Before the fee is computed (fee on the net)',
    afterFee: 'After the fee is computed (fee on the gross)',
  },
  costsWhenNoRecovery: 'Costs when there is no recovery',
  costsWhenNoRecoveryOptions: { waived: 'The client owes nothing', owed: 'The client repays the costs advanced' },
  documents: {
    feeAgreement: 'Contingency Fee Agreement',
    medicalRecordsRelease: 'Authorization to Release Medical Records',
    letterOfRepresentation: 'Letter of Representation',
  } satisfies Record<DocumentKind, string>,
  sample: "Sample text: for the firm's attorney to review before use",
  preview: 'Preview',
  previewEmpty: "Press 'Preview' to see the documents filled with a sample client.",
  previewTitle: (title: string) => `${title}: preview`,
  placeholders: 'Placeholders',
  save: 'Save Engagement Terms',
  loadFailed: 'The engagement terms could not be loaded.',
  retry: 'Try again',
};

const documentKinds: readonly DocumentKind[] = ['feeAgreement', 'medicalRecordsRelease', 'letterOfRepresentation'];

function DocumentField({ actor, kind }: { actor: TermsActor; kind: DocumentKind }) {
  const id = useId();
  const text = useSelector(actor, (snapshot) => snapshot.context.values.documents[kind]);
  const isSample = useSelector(actor, (snapshot) => snapshot.context.terms?.samples[kind] === true);
  const error = useSelector(actor, (snapshot) => snapshot.context.fieldErrors[`documents.${kind}`]);
  const filled = useSelector(actor, (snapshot) => snapshot.context.preview?.find((shown) => shown.kind === kind));
  const title = ENGAGEMENT_TERMS_TEXT.documents[kind];
  return (
    <div className={css.document}>
      <div>
        <label htmlFor={id} className={css.label}>
          {title}
        </label>
        {isSample ? <p className={css.sample}>{ENGAGEMENT_TERMS_TEXT.sample}</p> : null}
        <textarea
          id={id}
          className={css.text}
          value={text}
          maxLength={20_000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => actor.send({ type: 'terms.change', values: { documents: { [kind]: event.target.value } } })}
        />
        {error ? (
          <p id={`${id}-error`} className={css.error}>
            {error}
          </p>
        ) : null}
      </div>
      <section aria-label={ENGAGEMENT_TERMS_TEXT.previewTitle(title)}>
        <span className={css.label}>{ENGAGEMENT_TERMS_TEXT.preview}</span>
        <div className={css.preview} tabIndex={0}>
          {filled ? filled.text : ENGAGEMENT_TERMS_TEXT.previewEmpty}
        </div>
      </section>
    </div>
  );
}

function TermsForm({ actor }: { actor: TermsActor }) {
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const placeholders = useSelector(actor, (snapshot) => snapshot.context.terms?.placeholders ?? []);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const previewing = useSelector(actor, (snapshot) => snapshot.matches('previewing'));
  const change = (next: Partial<Omit<EngagementTermsUpdate, 'documents'>>) => actor.send({ type: 'terms.change', values: next });
  const text = ENGAGEMENT_TERMS_TEXT;
  return (
    <form
      noValidate
      aria-label={text.title}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'terms.save' });
      }}
    >
      <p>{text.intro}</p>
      <div className={layout.formGrid}>
        <TextInput
          id="engagement-feeBeforeSuit"
          label={text.feeBeforeSuit}
          required
          maxLength={8}
          value={values.feeBeforeSuit}
          error={fieldErrors.feeBeforeSuit}
          onChange={(value) => change({ feeBeforeSuit: value })}
        />
        <TextInput
          id="engagement-feeAfterSuit"
          label={text.feeAfterSuit}
          required
          maxLength={8}
          value={values.feeAfterSuit}
          error={fieldErrors.feeAfterSuit}
          onChange={(value) => change({ feeAfterSuit: value })}
        />
        <SelectField
          id="engagement-costsDeducted"
          label={text.costsDeducted}
          required
          value={values.costsDeducted}
          options={(['beforeFee', 'afterFee'] as const).map((value) => ({ value, label: text.costsDeductedOptions[value] }))}
          onChange={(costsDeducted) => change({ costsDeducted })}
        />
        <SelectField
          id="engagement-costsWhenNoRecovery"
          label={text.costsWhenNoRecovery}
          required
          value={values.costsWhenNoRecovery}
          options={(['waived', 'owed'] as const).map((value) => ({ value, label: text.costsWhenNoRecoveryOptions[value] }))}
          onChange={(costsWhenNoRecovery) => change({ costsWhenNoRecovery })}
        />
      </div>
      <p className={layout.statusMessage}>{text.feeHint}</p>
      {placeholders.length > 0 ? (
        <details>
          <summary>{text.placeholders}</summary>
          <ul className={css.placeholders}>
            {placeholders.map((placeholder) => (
              <li key={placeholder.name}>
                <code>{`{{${placeholder.name}}}`}</code>: {placeholder.description}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {documentKinds.map((kind) => (
        <DocumentField key={kind} actor={actor} kind={kind} />
      ))}
      {error ? (
        <p role="alert" className={css.error}>
          {error}
        </p>
      ) : null}
      <div className={layout.formButtons}>
        <Button tone="secondary" loading={previewing} disabled={saving} onClick={() => actor.send({ type: 'terms.preview' })}>
          {text.preview}
        </Button>
        <Button type="submit" loading={saving} disabled={previewing}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}

export function EngagementTermsSection() {
  const actor = useMachineActor(appEngagementTermsMachine);
  const loaded = useSelector(actor, (snapshot) => snapshot.context.terms !== null);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'));
  useToastEvents(actor, engagementTermsToasts);
  return (
    <section className={layout.card} aria-labelledby="edit-firm-engagement">
      <h2 id="edit-firm-engagement" className={layout.sectionTitle}>
        {ENGAGEMENT_TERMS_TEXT.title}
      </h2>
      {loaded ? (
        <TermsForm actor={actor} />
      ) : failed ? (
        <p role="alert">
          {ENGAGEMENT_TERMS_TEXT.loadFailed}{' '}
          <Button tone="secondary" onClick={() => actor.send({ type: 'terms.reload' })}>
            {ENGAGEMENT_TERMS_TEXT.retry}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
