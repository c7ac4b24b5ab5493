// The client's part of an intake in the domain (docs/product/client-intake.md): which fields show,
// how answers merge into staff's draft, and the page's words in three languages.
import { describe, expect, it } from 'vitest';
import {
  clientFieldPaths,
  clientSteps,
  defaultClientLanguage,
  emptyIntake,
  intakeMessages,
  isClientFieldShown,
  mergeClientAnswers,
  validateClientAnswers,
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
    });
    const { intake, answers } = mergeClientAnswers(staff, client);
    expect(intake.personalInformation).toMatchObject({ email: 'staff@example.test', phoneNumber: '555', address: '1 Client Road' });
    expect(intake.pointsOfInjury.leftKnee).toBe(true);
    expect(answers).toEqual([
      { path: 'personalInformation.address', value: '1 Client Road', applied: true },
      { path: 'personalInformation.phoneNumber', value: '555', applied: true },
      { path: 'personalInformation.email', value: 'client@example.test', applied: false },
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
    const errors = validateClientAnswers(withFields(emptyIntake(), { 'personalInformation.email': 'nope' }), TODAY);
    for (const language of ['es', 'vi'] as const) {
      for (const [path, message] of Object.entries(errors)) expect(clientErrorText(language, path, message)).not.toBe(message);
    }
    expect(clientErrorText('es', 'personalInformation.email', intakeMessages.email)).toBe('Escriba un correo electrónico válido');
    expect(clientErrorText('vi', 'personalInformation.firstName', 'Please enter your First Name')).toBe('Vui lòng nhập tên của quý vị');
    expect(clientErrorText('es', 'injuryInformation.painStart', intakeMessages.tooLong(100))).toBe('Use como máximo 100 caracteres');
    expect(clientErrorText('en', 'personalInformation.firstName', 'Please enter your First Name')).toBe('Please enter your First Name');
  });

  it("open in the intake's own language other than English", () => {
    expect(defaultClientLanguage(['english', 'spanish'])).toBe('es');
    expect(defaultClientLanguage(['vietnamese'])).toBe('vi');
    expect(defaultClientLanguage(['english'])).toBe('en');
    expect(defaultClientLanguage([])).toBe('en');
  });
});
