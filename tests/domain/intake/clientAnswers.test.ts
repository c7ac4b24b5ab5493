// The client's part of an intake in the domain (docs/product/client-intake.md): which fields show,
// how answers merge into staff's draft, and the page's words in three languages.
import { describe, expect, it } from 'vitest';
import {
  clientAnswerIssues,
  clientFieldPaths,
  clientSteps,
  defaultClientLanguage,
  emptyIntake,
  isClientFieldShown,
  mergeClientAnswers,
  validateClientAnswers,
  type IntakeFieldId,
} from '../../../src/domain/intake';
import { clientErrorText, clientTextsByLanguage } from '../../../src/domain/intake/clientTexts';
import { fullValidIntake, TODAY, withFields } from './fixtures';

describe('the client fields', () => {
  it('leave out the SSN/ITIN, its status, the checklist and the vehicles', () => {
    for (const path of clientFieldPaths) {
      expect(path).not.toMatch(
        /ssnItin|personalInformation\.status$|^checklist|^vehicleInformation|^defendantInformation|Wing|Door|Bumper/,
      );
    }
  });

  it('take the form rules of their own fields only', () => {
    const errors = validateClientAnswers(emptyIntake(), TODAY);
    expect(errors['personalInformation.firstName']).toBe('Please enter your First Name');
    expect(errors['incidentDescription.city']).toBe('Please provide the city');
    // Staff's own fields are not the client's to fix.
    expect(Object.keys(errors).some((path) => path.includes('doctor') || path.startsWith('vehicleInformation'))).toBe(false);
    expect(validateClientAnswers(fullValidIntake(), TODAY)).toEqual({});
  });

  it('show a dependent field only once its question allows it', () => {
    const blank = emptyIntake();
    expect(isClientFieldShown(blank, 'injuryInformation.hospitalDate', TODAY)).toBe(false);
    expect(isClientFieldShown(withFields(blank, { 'injuryInformation.hospitalized': true }), 'injuryInformation.hospitalDate', TODAY)).toBe(
      true,
    );
    expect(isClientFieldShown(blank, 'personalInformation.passengerCount', TODAY)).toBe(false);
    expect(isClientFieldShown(blank, 'personalInformation.minorParentsName', TODAY)).toBe(false);
    expect(
      isClientFieldShown(
        withFields(blank, { 'personalInformation.birthDate': '2015-01-01' }),
        'personalInformation.minorParentsName',
        TODAY,
      ),
    ).toBe(true);
    expect(isClientFieldShown(blank, 'personalInformation.address', TODAY)).toBe(true);
  });
});

describe('merging the client answers into the draft', () => {
  it("fills what staff left empty, keeps staff's different values and reports both", () => {
    const staff = withFields(emptyIntake(), {
      'personalInformation.email': 'staff@example.test',
      'personalInformation.phoneNumber': '555',
    });
    const client = withFields(emptyIntake(), {
      'personalInformation.email': 'client@example.test',
      'personalInformation.phoneNumber': '555',
      'personalInformation.address': '1 Client Road',
      'pointsOfInjury.leftKnee': true,
      'injuryInformation.hospitalized': false,
    });
    const { intake, answers } = mergeClientAnswers(staff, client);
    expect(intake.personalInformation).toMatchObject({ email: 'staff@example.test', phoneNumber: '555', address: '1 Client Road' });
    expect(intake.pointsOfInjury.leftKnee).toBe(true);
    expect(answers).toEqual([
      { path: 'personalInformation.address', value: '1 Client Road', applied: true },
      { path: 'personalInformation.phoneNumber', value: '555', applied: true },
      { path: 'personalInformation.email', value: 'client@example.test', applied: false },
      // A No is an answer; an unticked box is not.
      { path: 'injuryInformation.hospitalized', value: false, applied: true },
      { path: 'pointsOfInjury.leftKnee', value: true, applied: true },
    ]);
  });
});

describe('the client page words', () => {
  it('name every field of every page, every point and choice, in each language', () => {
    for (const texts of Object.values(clientTextsByLanguage)) {
      for (const step of clientSteps) for (const path of step.fields) expect(texts.fields[path].label.trim()).not.toBe('');
      expect(Object.values(texts.points).every((label) => label.trim() !== '')).toBe(true);
    }
  });

  it('give a Spanish and a Vietnamese message for every rule the client can break', () => {
    const broken = withFields(emptyIntake(), {
      'personalInformation.email': 'nope',
      'personalInformation.birthDate': '2999-01-01',
      'personalInformation.passengers': true,
      'personalInformation.passengerCount': 101,
      // Not asked for while the question is unanswered, so only the whole number is checked.
      'incidentDescription.howManyVehicles': 1.5,
      'injuryInformation.hospitalized': true,
      'injuryInformation.hospitalDate': '2023-02-30',
      'incidentDescription.city': 'x'.repeat(101),
    });
    const issues = Object.entries(clientAnswerIssues(broken, TODAY)) as [
      IntakeFieldId,
      NonNullable<ReturnType<typeof clientAnswerIssues>[IntakeFieldId]>,
    ][];
    expect(new Set(issues.map(([, issue]) => issue.code))).toEqual(
      new Set(['required', 'email', 'future', 'tooMany', 'wholeNumber', 'invalidDate', 'tooLong']),
    );
    for (const [path, issue] of issues) {
      const english = clientErrorText('en', path, issue);
      for (const language of ['es', 'vi'] as const) expect(clientErrorText(language, path, issue)).not.toBe(english);
    }
  });

  it('render each code in the page language, and in English as the form says it', () => {
    const tooLong = { code: 'tooLong', limit: 100 } as const;
    expect(clientErrorText('es', 'injuryInformation.painStart', tooLong)).toBe('Use como máximo 100 caracteres');
    expect(clientErrorText('vi', 'injuryInformation.painStart', tooLong)).toBe('Vui lòng nhập tối đa 100 ký tự');
    expect(clientErrorText('en', 'injuryInformation.painStart', tooLong)).toBe('Please use at most 100 characters');
    const future = { code: 'future' } as const;
    expect(clientErrorText('es', 'personalInformation.birthDate', future)).toBe('La fecha de nacimiento no puede ser posterior a hoy');
    expect(clientErrorText('vi', 'personalInformation.birthDate', future)).toBe('Ngày sinh không được sau ngày hôm nay');
    expect(clientErrorText('en', 'personalInformation.birthDate', future)).toBe('Birth date cannot be in the future');
    const required = { code: 'required' } as const;
    expect(clientErrorText('es', 'personalInformation.lastName', required)).toBe('Escriba sus apellidos');
    expect(clientErrorText('vi', 'personalInformation.firstName', required)).toBe('Vui lòng nhập tên của quý vị');
    expect(clientErrorText('en', 'personalInformation.firstName', required)).toBe('Please enter your First Name');
    expect(clientErrorText('es', 'personalInformation.email', { code: 'email' })).toBe('Escriba un correo electrónico válido');
    expect(clientErrorText('vi', 'personalInformation.passengerCount', { code: 'tooMany', maximum: 100 })).toBe(
      'Vui lòng nhập số không lớn hơn 100',
    );
    // A staff field keeps the form's English where a language has no words of its own for it.
    expect(clientErrorText('es', 'incidentDescription.incidentDate', future)).toBe('Incident date cannot be in the future');
  });

  it('say in English exactly what the form says, field by field', () => {
    const broken = withFields(emptyIntake(), { 'personalInformation.email': 'nope', 'personalInformation.birthDate': '2999-01-01' });
    const english = validateClientAnswers(broken, TODAY);
    const rendered = Object.fromEntries(
      Object.entries(clientAnswerIssues(broken, TODAY)).map(([path, issue]) => [
        path,
        clientErrorText('en', path as IntakeFieldId, issue!),
      ]),
    );
    expect(rendered).toEqual(english);
  });

  it("show the server's own words for a refusal only the server made", () => {
    const said = { code: 'server', message: 'Birth date cannot be in the future' } as const;
    expect(clientErrorText('es', 'personalInformation.birthDate', said)).toBe('Birth date cannot be in the future');
  });

  it("open in the intake's own language other than English", () => {
    expect(defaultClientLanguage(['english', 'spanish'])).toBe('es');
    expect(defaultClientLanguage(['vietnamese'])).toBe('vi');
    expect(defaultClientLanguage(['english'])).toBe('en');
    expect(defaultClientLanguage([])).toBe('en');
  });
});
