// Tabs 4 and 7, Points of Injury and Impact, To Discuss with Client (docs/product/intake-form.md): groups of
// tick boxes, each with a Select All that sets or clears the whole group and shows ticked only
// when every item of the group is.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyPoints, checklistItems, discussionTopics, impactPoints, symptomPoints } from '../../../src/domain/intake';
import { DiscussTab } from '../../../src/ui/pages/intake/tabs/DiscussTab';
import { PointsOfInjuryTab } from '../../../src/ui/pages/intake/tabs/PointsOfInjuryTab';
import { fieldLabelsInOrder, renderWithIntake } from './intakeTestStore';

const group = (name: string) => screen.getByRole('group', { name });
const boxLabels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

// Whole tabs in jsdom with user-event are slow on a busy machine; the default 5 s is too tight.
describe('Points of Injury and Impact tab', { timeout: 15_000 }, () => {
  it('shows three groups, each with Select All and its items labelled from the field names', () => {
    const { container } = renderWithIntake(<PointsOfInjuryTab />);
    expect(fieldLabelsInOrder(container)).toEqual(['Body Points', 'Symptoms', 'Vehicle Impact Points']);
    expect(boxLabels(group('Body Points'))).toEqual([
      'Select All',
      'Left Neck',
      'Right Neck',
      'Left Shoulder',
      'Right Shoulder',
      'Left Elbow',
      'Right Elbow',
      'Left Forearm',
      'Right Forearm',
      'Left Wrist',
      'Right Wrist',
      'Left Hand',
      'Right Hand',
      'Left Knee',
      'Right Knee',
      'Left Foot',
      'Right Foot',
      'Lower Back',
      'Upper Back',
    ]);
    expect(boxLabels(group('Symptoms'))).toEqual([
      'Select All',
      'Tingling',
      'Numbness',
      'Shortness Of Breath',
      'Bruise',
      'Headache',
      'Black Out',
      'Chest Tightness',
      'Ear Ringing',
      'Nausea',
      'Dizziness',
    ]);
    expect(boxLabels(group('Vehicle Impact Points'))).toEqual([
      'Select All',
      'Left Front Wing',
      'Right Front Wing',
      'Left Front Door',
      'Right Front Door',
      'Left Back Door',
      'Right Back Door',
      'Left Back Wing',
      'Right Back Wing',
      'Bonnet',
      'Roof',
      'Tailgate',
      'Offside',
      'Nearside',
      'Rear Bumper',
      'Front Bumper',
    ]);
  });

  it('ticks and clears a whole group with Select All, leaving the other groups alone', async () => {
    const { user, intake } = renderWithIntake(<PointsOfInjuryTab />);
    const symptoms = group('Symptoms');
    await user.click(within(symptoms).getByRole('checkbox', { name: 'Select All' }));
    for (const box of within(symptoms).getAllByRole('checkbox')) expect(box).toBeChecked();
    for (const key of symptomPoints) expect(intake().pointsOfInjury[key]).toBe(true);
    for (const key of [...bodyPoints, ...impactPoints]) expect(intake().pointsOfInjury[key]).toBe(false);
    expect(within(group('Body Points')).getByRole('checkbox', { name: 'Select All' })).not.toBeChecked();

    await user.click(within(symptoms).getByRole('checkbox', { name: 'Select All' }));
    for (const box of within(symptoms).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    for (const key of symptomPoints) expect(intake().pointsOfInjury[key]).toBe(false);
  });

  it('shows Select All ticked only while every item of its group is ticked', async () => {
    const { user, intake } = renderWithIntake(<PointsOfInjuryTab />);
    const impact = group('Vehicle Impact Points');
    const selectAll = within(impact).getByRole('checkbox', { name: 'Select All' });
    await user.click(within(impact).getByRole('checkbox', { name: 'Bonnet' }));
    expect(intake().pointsOfInjury.bonnet).toBe(true);
    expect(selectAll).not.toBeChecked();

    await user.click(selectAll);
    expect(selectAll).toBeChecked();
    await user.click(within(impact).getByRole('checkbox', { name: 'Roof' }));
    expect(selectAll).not.toBeChecked();
    expect(intake().pointsOfInjury.roof).toBe(false);
    await user.click(within(impact).getByRole('checkbox', { name: 'Roof' }));
    expect(selectAll).toBeChecked();
  });
});

describe('To Discuss with Client tab', { timeout: 15_000 }, () => {
  it("shows the two groups with the spec's items in order", () => {
    const { container } = renderWithIntake(<DiscussTab />);
    expect(fieldLabelsInOrder(container)).toEqual(['Topics to Discuss with Client', 'Checklist']);
    expect(boxLabels(group('Topics to Discuss with Client'))).toEqual([
      'Select All',
      'Vehicle next steps',
      'Overview of process and that it takes time',
      'Do not speak to insurers',
      'No social media posts about the accident and delete existing ones',
      'Importance of treatment',
      'Set realistic expectations and promise nothing',
      'Recommend hospital/provider',
      'Come to us first with questions',
    ]);
    expect(boxLabels(group('Checklist'))).toEqual([
      'Select All',
      '1st party insurance info',
      '3rd party insurance info',
      'Police report',
      'Medical insurance info',
      'Hospital info (if applicable)',
      'Current treatment info (if applicable)',
      'Witness info/photos',
      'Injury photos',
      'Potential TBI (loss of consciousness, headaches, vomiting)',
    ]);
  });

  it('binds each item to its field and Select All to its own group only', async () => {
    const { user, intake } = renderWithIntake(<DiscussTab />);
    await user.click(screen.getByRole('checkbox', { name: 'Police report' }));
    expect(intake().checklist.policeReport).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Do not speak to insurers' }));
    expect(intake().checklist.insuranceRepresentation).toBe(true);

    await user.click(within(group('Checklist')).getByRole('checkbox', { name: 'Select All' }));
    for (const key of checklistItems) expect(intake().checklist[key]).toBe(true);
    expect(discussionTopics.filter((key) => intake().checklist[key])).toEqual(['insuranceRepresentation']);
    expect(within(group('Topics to Discuss with Client')).getByRole('checkbox', { name: 'Select All' })).not.toBeChecked();
    expect(within(group('Checklist')).getByRole('checkbox', { name: 'Select All' })).toBeChecked();
  });
});
