// Made-up intakes for tests (no real person's data). `fullValidIntake()` passes every final-submit
// rule on TODAY; browser and machine tests can reuse it and change one field with `withField`.
import { emptyIntake, type FieldPath, type FieldValue, type GeneralCaseInformation } from '../../../src/domain/intake';

/** The day the fixtures are valid on; pass it to validateFinal and isMinor. */
export const TODAY = '2024-06-15';

export function fullValidIntake(): GeneralCaseInformation {
  const blank = emptyIntake();
  return {
    ...blank,
    caseId: null,
    status: 'draft',
    representativeName: 'Robin Example',
    personalInformation: {
      firstName: 'Alex',
      middleName: 'Q',
      lastName: 'Sample',
      languages: ['english', 'spanish'],
      address: '100 Test Street, Springfield',
      phoneNumber: '(555) 010-0100',
      phoneUsages: ['call', 'text'],
      email: 'alex.sample@example.com',
      dl: 'D0000001',
      gender: 'male',
      civilStatus: 'single',
      birthDate: '1990-03-05',
      status: 'hasSsn',
      ssnItin: '900-00-0001',
      alternateContact: 'Jordan Sample',
      relationshipToClient: 'Sibling',
      altPhoneNumber: '(555) 010-0101',
      minorParentsName: '',
      passengers: true,
      passengerCount: 2,
      seatingPosition: 'Driver',
      existingClient: false,
    },
    vehicleInformation: {
      clientHasPhotos: true,
      information: '2015 Example Sedan, blue',
      owner: 'Alex Sample',
      drivable: false,
      lienHolder: true,
      financeCompany: 'Example Auto Finance',
      vin: '1EXAMPLE0VIN00001',
      licensePlate: 'TEST123',
      pds: '$4,200',
      tl: false,
      towed: true,
      location: 'Example Tow Yard, Lot 4',
      repairFacility: 'Example Body Shop',
      phoneNumber: '(555) 010-0200',
      insuredBy: 'Example Mutual',
      policyNo: 'POL-0001',
      claimNo: 'CLM-0001',
      pdAdjuster: 'Casey Adjuster',
      phone1: '(555) 010-0201',
      fax1: '(555) 010-0202',
      biAdjuster: 'Morgan Adjuster',
      phone2: '(555) 010-0203',
      fax2: '(555) 010-0204',
    },
    defendantInformation: {
      clientHasPhotos: false,
      driversName: 'Taylor Defendant',
      owner: 'Taylor Defendant',
      phoneNumber: '(555) 010-0300',
      address: '200 Sample Avenue, Springfield',
      information: '2018 Example Pickup, white',
      vin: '1EXAMPLE0VIN00002',
      licensePlate: 'DEF456',
      drivable: true,
      insuredBy: 'Example Casualty',
      policyNo: 'POL-0002',
      claimNo: 'CLM-0002',
      pdAdjuster: 'Riley Adjuster',
      phone1: '(555) 010-0301',
      fax1: '(555) 010-0302',
      biAdjuster: '',
      phone2: '',
      fax2: '',
    },
    pointsOfInjury: { ...blank.pointsOfInjury, leftNeck: true, headache: true, frontBumper: true },
    injuryInformation: {
      ems: true,
      ara: false,
      photos: true,
      hospitalized: true,
      hospitalDate: '2024-05-02',
      hospital: 'Springfield Example Hospital',
      painStart: 'Right after the crash',
      painAndSymptomsExp: 'Neck pain and headaches',
      painAndSymptoms: { lossOfConciousness: false, headaches: true, vomitting: false },
      dailyLifeWorkEffect: 'Cannot lift boxes at work',
      receivingTreatment: null,
      doctor: 'Dr. Example',
      doctorPhone: '(555) 010-0400',
      doctorFax: '(555) 010-0401',
      chiropractor: 'Example Chiropractic',
      chiropractorPhone: '(555) 010-0402',
      chiropractorFax: '(555) 010-0403',
      specialist: 'Dr. Specialist',
      specialistPhone: '(555) 010-0404',
      specialistFax: '(555) 010-0405',
      priorInjuries: true,
      description: 'Sprained wrist in 2019',
      treatmentReceived: true,
      facilityTreated: 'Example Clinic',
      doctorSpecialistName: 'Dr. Wrist',
      dates: 'March 2019',
      healthInsurance: true,
      provider: 'Example Health',
      insIdNumber: 'HI-0001',
    },
    incidentDescription: {
      incidentDate: '2024-03-14',
      crashReportNum: 'CR-2024-0001',
      city: 'Springfield',
      county: 'Example County',
      police: true,
      crashLocation: 'Main St and 1st Ave',
      clientCited: true,
      clientCitedReason: 'Expired tag',
      defendant: true,
      defendantReason: 'Ran a red light',
      multiVehicle: true,
      howManyVehicles: 3,
      description: 'Defendant ran the red light and hit the client',
      priorIncidents: true,
      fault: 'A 2020 fender bender; the other driver was at fault',
      witnesses: true,
      witnessNamesAndContacts: 'Pat Witness (555) 010-0500',
      photoOrEvidence: true,
      photoOrEvidenceDescription: 'Dashcam video',
    },
    checklist: { ...blank.checklist, vehicleNextStep: true, policeReport: true },
  };
}

/**
 * One field set as it is, without the form's fitting and clearing (`applyChange`), so a test can
 * build exactly the intake a rule is about.
 */
export function withField<P extends FieldPath>(intake: GeneralCaseInformation, path: P, value: FieldValue<P>): GeneralCaseInformation {
  const [section, key, leaf] = path.split('.') as [keyof GeneralCaseInformation, string, string | undefined];
  const current = intake[section] as unknown as Record<string, unknown>;
  const next =
    leaf === undefined
      ? { ...current, [key]: value }
      : { ...current, [key]: { ...(current[key] as Record<string, unknown>), [leaf]: value } };
  return { ...intake, [section]: next };
}

export function withFields(intake: GeneralCaseInformation, fields: Partial<{ [P in FieldPath]: FieldValue<P> }>): GeneralCaseInformation {
  return Object.entries(fields).reduce((next, [path, value]) => withField(next, path as FieldPath, value as never), intake);
}
