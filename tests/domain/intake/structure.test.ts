import { describe, expect, it } from 'vitest';
import {
  bodyPoints,
  charactersRemaining,
  checklistItems,
  discussionTopics,
  emptyIntake,
  fitText,
  impactPoints,
  intakeTabs,
  isTextArea,
  symptomPoints,
  textFields,
  textLimit,
  validatedTabs,
} from '../../../src/domain/intake';
import { intakeTexts } from '../../../src/domain/texts';

describe('a new form (docs/product/intake-form.md)', () => {
  it('starts with every answer null, every text empty, every box unticked and empty lists', () => {
    const intake = emptyIntake();
    expect(intake.status).toBe('draft');
    expect(intake.caseId).toBeNull();
    const leaves: unknown[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
        for (const [key, value] of Object.entries(node)) walk(value, `${path}.${key}`);
      } else leaves.push([path, node]);
    };
    for (const section of intakeTabs.map((tab) => tab.section)) walk(intake[section], section);
    for (const [path, value] of leaves as [string, unknown][]) {
      expect([null, '', false, []], path).toContainEqual(value);
    }
    expect(intake.personalInformation.languages).toEqual([]);
    expect(intake.personalInformation.phoneUsages).toEqual([]);
    expect(intake.injuryInformation.painAndSymptoms).toEqual({ lossOfConciousness: false, headaches: false, vomitting: false });
  });

  it('Yes/No answers start null and texts start empty', () => {
    const intake = emptyIntake();
    expect(intake.injuryInformation.hospitalized).toBeNull();
    expect(intake.vehicleInformation.towed).toBeNull();
    expect(intake.incidentDescription.fault).toBe('');
    expect(intake.pointsOfInjury.leftNeck).toBe(false);
  });

  it('has one tick box per point and checklist key', () => {
    const intake = emptyIntake();
    expect(Object.keys(intake.pointsOfInjury).sort()).toEqual([...bodyPoints, ...symptomPoints, ...impactPoints].sort());
    expect(Object.keys(intake.checklist).sort()).toEqual([...discussionTopics, ...checklistItems].sort());
    expect([bodyPoints.length, symptomPoints.length, impactPoints.length]).toEqual([18, 10, 15]);
    expect([discussionTopics.length, checklistItems.length]).toEqual([8, 9]);
  });
});

describe('tabs (docs/product/intake-form.md)', () => {
  it('are the seven tabs in order', () => {
    expect(intakeTabs.map((tab) => tab.name)).toEqual([
      'Client Personal Information',
      'Client Vehicle Information',
      'Defendant Personal and Vehicle Information',
      'Points of Injury and Impact',
      'Injury Information',
      'Incident Description',
      'To Discuss with Client',
    ]);
  });

  it('each edits its section', () => {
    expect(intakeTabs.map((tab) => tab.section)).toEqual([
      'personalInformation',
      'vehicleInformation',
      'defendantInformation',
      'pointsOfInjury',
      'injuryInformation',
      'incidentDescription',
      'checklist',
    ]);
  });

  it('Points of Injury and To Discuss with Client are not validated on final submit', () => {
    expect(validatedTabs.map((tab) => tab.name)).toEqual([
      'Client Personal Information',
      'Client Vehicle Information',
      'Defendant Personal and Vehicle Information',
      'Injury Information',
      'Incident Description',
    ]);
  });

  it('the required-fields toast names the tab', () => {
    expect(intakeTexts.requiredFields('Injury Information')).toBe('Please fill required fields in the "Injury Information" tab.');
  });
});

describe('text limits (docs/product/intake-form.md)', () => {
  it('are the spec numbers', () => {
    expect(Object.fromEntries(textFields.map(([path]) => [path, textLimit(path)]))).toMatchObject({
      'injuryInformation.painStart': 90,
      'incidentDescription.clientCitedReason': 20,
      'incidentDescription.defendantReason': 25,
      'incidentDescription.photoOrEvidenceDescription': 100,
      'personalInformation.address': 100,
      'defendantInformation.address': 100,
      'personalInformation.ssnItin': 11,
      'defendantInformation.information': 90,
      'injuryInformation.painAndSymptomsExp': 180,
      'injuryInformation.dailyLifeWorkEffect': 180,
    });
  });

  it('the injury tab has its two multi-line fields', () => {
    expect(isTextArea('injuryInformation.painAndSymptomsExp')).toBe(true);
    expect(isTextArea('injuryInformation.dailyLifeWorkEffect')).toBe(true);
    expect(isTextArea('injuryInformation.painStart')).toBe(false);
  });

  it('input beyond a limit is cut and the remaining count never goes below 0', () => {
    expect(fitText('injuryInformation.painStart', 'p'.repeat(95))).toHaveLength(90);
    expect(charactersRemaining('injuryInformation.painAndSymptomsExp', 'x'.repeat(30))).toBe(150);
    expect(charactersRemaining('incidentDescription.defendantReason', 'x'.repeat(40))).toBe(0);
  });

  it('a text area strips newlines before counting', () => {
    expect(fitText('incidentDescription.description', `${'a'.repeat(179)}\n\nbc`)).toBe(`${'a'.repeat(179)}b`);
    expect(fitText('injuryInformation.hospital', 'a\nb')).toBe('a\nb');
  });
});
