// One field of the client's form, drawn by the kind of value it holds: text, date, count, Yes/No,
// a choice, a few ticks. Labels and messages in the client's language (src/domain/intake/clientTexts.ts).
import { useId } from 'react';
import { civilStatuses, genders, phoneUsages } from '../../domain/enums';
import { clientErrorText, clientTexts, type ClientFieldError } from '../../domain/intake/clientTexts';
import type { ClientTextPath } from '../../domain/intake/clientTextShape';
import {
  calendarDatePaths,
  isIntakeField,
  isTextArea,
  painAndSymptomsKeys,
  readField,
  type ClientLanguage,
  type GeneralCaseInformation,
} from '../../domain/intake';
import * as css from './clientIntake.css';

export interface ClientFieldProps {
  path: ClientTextPath;
  answers: GeneralCaseInformation;
  language: ClientLanguage;
  error: ClientFieldError | undefined;
  onChange: (value: unknown) => void;
}

const countPaths = new Set<string>(['personalInformation.passengerCount', 'incidentDescription.howManyVehicles']);
const datePaths = new Set<string>(calendarDatePaths);
const inputTypes: Partial<Record<string, string>> = {
  'personalInformation.phoneNumber': 'tel',
  'personalInformation.altPhoneNumber': 'tel',
  'personalInformation.email': 'email',
};

function Choices<T extends string | boolean>(props: {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  isOn: (value: T) => boolean;
  onPick: (value: T) => void;
  errorId?: string;
  invalid: boolean;
}) {
  return (
    <fieldset className={css.fieldset} aria-describedby={props.errorId} aria-invalid={props.invalid || undefined}>
      <legend className={css.label}>{props.legend}</legend>
      <div className={css.options}>
        {props.options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            className={css.choice}
            aria-pressed={props.isOn(option.value)}
            onClick={() => props.onPick(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function ClientField({ path, answers, language, error, onChange }: ClientFieldProps) {
  const id = useId();
  const texts = clientTexts(language);
  const label = texts.fields[path].label;
  const value = readField(answers, path) as unknown;
  // The group of tick boxes is never required, so only a field of the catalogue shows a message.
  const errorText = error && isIntakeField(path) ? clientErrorText(language, path, error) : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const message = errorText ? (
    <p id={errorId} className={css.error}>
      {errorText}
    </p>
  ) : null;
  const invalid = error !== undefined;

  let control;
  if (path === 'personalInformation.gender' || path === 'personalInformation.civilStatus') {
    const names: Record<string, string> = path === 'personalInformation.gender' ? texts.gender : texts.civilStatus;
    const keys = path === 'personalInformation.gender' ? genders : civilStatuses;
    control = (
      <Choices
        legend={label}
        options={keys.map((key) => ({ value: key as string, label: names[key]! }))}
        isOn={(option) => value === option}
        onPick={onChange}
        errorId={errorId}
        invalid={invalid}
      />
    );
  } else if (path === 'personalInformation.phoneUsages') {
    const chosen = value as string[];
    control = (
      <Choices
        legend={label}
        options={phoneUsages.map((usage) => ({ value: usage as string, label: texts.phoneUsage[usage] }))}
        isOn={(usage) => chosen.includes(usage)}
        onPick={(usage) => onChange(chosen.includes(usage) ? chosen.filter((item) => item !== usage) : [...chosen, usage])}
        errorId={errorId}
        invalid={invalid}
      />
    );
  } else if (path === 'injuryInformation.painAndSymptoms') {
    const ticks = value as Record<(typeof painAndSymptomsKeys)[number], boolean>;
    control = (
      <Choices
        legend={label}
        options={painAndSymptomsKeys.map((key) => ({ value: key as string, label: texts.painAndSymptoms[key] }))}
        isOn={(key) => ticks[key as keyof typeof ticks]}
        onPick={(key) => onChange({ ...ticks, [key]: !ticks[key as keyof typeof ticks] })}
        invalid={invalid}
      />
    );
  } else if (value === null || typeof value === 'boolean') {
    control = (
      <Choices
        legend={label}
        options={[
          { value: true, label: texts.page.yes },
          { value: false, label: texts.page.no },
        ]}
        isOn={(option) => value === option}
        onPick={onChange}
        errorId={errorId}
        invalid={invalid}
      />
    );
  } else {
    const common = {
      id,
      'aria-invalid': invalid || undefined,
      'aria-describedby': errorId,
    };
    const input = isTextArea(path) ? (
      <textarea {...common} className={css.textarea} value={value as string} onChange={(event) => onChange(event.target.value)} />
    ) : countPaths.has(path) ? (
      <input
        {...common}
        className={css.input}
        type="number"
        inputMode="numeric"
        min={0}
        value={value as number | ''}
        onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      />
    ) : (
      <input
        {...common}
        className={css.input}
        type={datePaths.has(path) ? 'date' : (inputTypes[path] ?? 'text')}
        autoComplete={path === 'personalInformation.email' ? 'email' : undefined}
        value={value as string}
        onChange={(event) => onChange(event.target.value)}
      />
    );
    control = (
      <>
        <label htmlFor={id} className={css.label}>
          {label}
        </label>
        {input}
      </>
    );
  }
  return (
    <div className={css.field}>
      {control}
      {message}
    </div>
  );
}
